package io.github.timesortedid.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The system clock plus an offset that a test can step, as an application's {@code Clock} bean
 * offset from the system clock: it moves on its own, at full resolution, and jumps when told.
 * Shared with the other modules' tests through core's test jar.
 */
public final class SteppingClock extends Clock {

	private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

	/** Steps the clock by {@code step}: back if negative. */
	public void step(Duration step) {
		this.offset.updateAndGet(current -> current.plus(step));
	}

	@Override
	public Instant instant() {
		return Clock.systemUTC().instant().plus(this.offset.get());
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException();
	}

}
