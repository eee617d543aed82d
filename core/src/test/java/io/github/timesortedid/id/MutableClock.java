package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock for tests that stands still until moved; it holds any instant at full resolution. */
final class MutableClock extends Clock {

	private final AtomicReference<Instant> now;

	MutableClock(Instant start) {
		this.now = new AtomicReference<>(start);
	}

	void set(Instant instant) {
		this.now.set(instant);
	}

	void advance(Duration duration) {
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
