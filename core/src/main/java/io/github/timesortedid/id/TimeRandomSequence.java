package io.github.timesortedid.id;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;

/**
 * The monotonic state behind every "timestamp + random" algorithm. Each draw is a timestamp and
 * a random part of up to 128 bits. A new tick draws fresh random bits; within a tick, or when the
 * clock steps back, the timestamp stays and the random part grows by a random step in
 * {@code [1, 2^32]} (RFC 9562 section 6.2, method 2, with a random increment so that neighbours are
 * not guessable). When the random part would overflow, the timestamp moves one tick ahead. So
 * draws strictly increase and never repeat or wrap. The state is an immutable {@link Draw}
 * swapped by compare-and-set: no lock, and the returned draw is the new state itself.
 */
final class TimeRandomSequence {

	private final TimeField time;

	private final Clock clock;

	private final RandomSource random;

	private final long highMask;

	private final AtomicReference<Draw> last = new AtomicReference<>(new Draw(-1, 0, 0));

	/**
	 * @param time the timestamp field
	 * @param clock the clock
	 * @param random the random source
	 * @param randomBits the width of the random part, 65 to 128
	 */
	TimeRandomSequence(TimeField time, Clock clock, RandomSource random, int randomBits) {
		if (randomBits <= 64 || randomBits > 128) {
			throw new IllegalArgumentException("randomBits must be in [65, 128]: " + randomBits);
		}
		this.time = time;
		this.clock = clock;
		this.random = random;
		this.highMask = (randomBits == 128) ? -1L : (1L << (randomBits - 64)) - 1;
	}

	/** The largest value of the random part's high bits, so that bounds can use an all-one random part. */
	long maxHigh() {
		return this.highMask;
	}

	Draw next() {
		long now = this.time.now(this.clock);
		// randomness is drawn once per call, not per attempt, so that a thread that loses the
		// compare-and-set to another retries at once instead of paying for random bits again
		long step = (this.random.nextLong() >>> 32) + 1;
		@Nullable Draw fresh = null;
		for (;;) {
			Draw previous = this.last.get();
			Draw next;
			if (now > previous.time()) {
				next = fresh = fresh(fresh, now);
			}
			else {
				// within a tick only the step is random: one long instead of a fresh random part
				long low = previous.low() + step;
				boolean carry = Long.compareUnsigned(low, previous.low()) < 0;
				if (carry && previous.high() == this.highMask) {
					next = fresh = fresh(fresh, this.time.next(previous.time()));
				}
				else {
					next = new Draw(previous.time(), carry ? previous.high() + 1 : previous.high(), low);
				}
			}
			if (this.last.compareAndSet(previous, next)) {
				return next;
			}
		}
	}

	/** A fresh random part for {@code time}, or {@code drawn} if an earlier attempt made one for it. */
	private Draw fresh(Draw drawn, long time) {
		if (drawn != null && drawn.time() == time) {
			return drawn;
		}
		return new Draw(time, this.random.nextLong() & this.highMask, this.random.nextLong());
	}

	/**
	 * One generated value: the raw timestamp and the random part, whose low 64 bits are in
	 * {@code low} and whose remaining high bits are in {@code high}.
	 */
	record Draw(long time, long high, long low) {
	}

}
