package io.github.timesortedid.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock for tests that stands still until set or moved; it holds any instant at full resolution.
 * Shared with the other modules' tests through core's test jar.
 */
public final class SettableClock extends Clock {

	private final AtomicReference<Instant> now;

	public SettableClock(Instant start) {
		this.now = new AtomicReference<>(start);
	}

	public void set(Instant instant) {
		this.now.set(instant);
	}

	public void advance(Duration duration) {
		this.now.updateAndGet(instant -> instant.plus(duration));
	}

	@Override
	public Instant instant() {
		return this.now.get();
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
