package io.github.timesortedid.id;

import java.time.Clock;

/**
 * ULID: 48-bit Unix milliseconds and 80 random bits, as 26 uppercase Crockford base32 characters
 * ({@code ulid}) or, per seed 003, as 12 + 20 uppercase hex characters ({@code hex-ulid}, the
 * output of {@code printf('%012X', ms) || hex(randomblob(10))}). Both share the bit layout and the
 * monotonic random part. Every 128-bit value is a valid ULID.
 */
final class UlidAlgorithm extends Value128Algorithm {

	UlidAlgorithm(String name, Codec128 codec, Clock clock, RandomSource random) {
		super(name, codec, clock, random, 80);
	}

	@Override
	long high(long time, long randomHigh, long randomLow) {
		return (time << 16) | randomHigh;
	}

	@Override
	long low(long time, long randomHigh, long randomLow) {
		return randomLow;
	}

	@Override
	void checkFixedBits(CharSequence input, long high, long low) {
		// no fixed bits: all 128 bits are timestamp and randomness
	}

}
