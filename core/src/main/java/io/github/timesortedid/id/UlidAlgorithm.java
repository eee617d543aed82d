package io.github.timesortedid.id;

import java.time.Clock;
import java.util.List;

/**
 * The {@code ulid} algorithm, per the ULID spec (github.com/ulid/spec): 48-bit Unix milliseconds
 * and 80 random bits, as 26 uppercase Crockford base32 characters. As the spec's monotonic mode
 * has it, the random part counts on within a millisecond; it grows by a random step rather than
 * by one, and on overflow the timestamp moves ahead instead of generation failing. There are no
 * fixed bits: every 128-bit value is a ULID.
 */
final class UlidAlgorithm implements Value128Algorithm.BitLayout {

	/** The ULID bit layout, which {@code hex-ulid} shares. */
	static final UlidAlgorithm LAYOUT = new UlidAlgorithm();

	private static final int RANDOM_BITS = 80;

	private UlidAlgorithm() {
	}

	static UuidIdAlgorithm create(Clock clock, RandomSource random) {
		return new Value128Algorithm(IdAlgorithms.ULID, null, LAYOUT, Codec128.CROCKFORD_UPPER, clock, random);
	}

	@Override
	public int randomBits() {
		return RANDOM_BITS;
	}

	@Override
	public List<IdSegment> segments(long high, long low, TimeField time) {
		// the ULID spec's "Specification" section: timestamp (48 bits) and randomness (80 bits)
		return new IdSegment.Builder().time("timestamp", 48, high >>> 16, time)
			.random("randomness", RANDOM_BITS, high & 0xFFFF, low)
			.build();
	}

	@Override
	public long high(long time, long randomHigh, long randomLow) {
		return (time << 16) | randomHigh;
	}

	@Override
	public long low(long time, long randomHigh, long randomLow) {
		return randomLow;
	}

}
