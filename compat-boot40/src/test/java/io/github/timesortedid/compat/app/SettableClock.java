package io.github.timesortedid.compat.app;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** The system clock, unless a test has set an instant; the application's only {@code Clock} bean. */
public final class SettableClock extends Clock {

	private final AtomicReference<Instant> fixed = new AtomicReference<>();

	/** Makes the clock show {@code instant} until the next call; {@code null} restores the system clock. */
	public void set(Instant instant) {
		this.fixed.set(instant);
	}

	@Override
	public Instant instant() {
		Instant instant = this.fixed.get();
		return (instant != null) ? instant : Instant.now();
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("the test clock is UTC");
	}

}
