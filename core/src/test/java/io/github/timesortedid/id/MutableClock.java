package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A clock for tests that stands still until moved, with microsecond resolution. */
final class MutableClock extends Clock {

	private final AtomicLong micros;

	MutableClock(Instant start) {
		this.micros = new AtomicLong(start.getEpochSecond() * 1_000_000L + start.getNano() / 1000);
	}

	void set(Instant instant) {
		this.micros.set(instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1000);
	}

	void advance(Duration duration) {
		this.micros.addAndGet(duration.toNanos() / 1000);
	}

	@Override
	public Instant instant() {
		long value = this.micros.get();
		return Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1000);
	}

	@Override
	public long millis() {
		return Math.floorDiv(this.micros.get(), 1000L);
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
