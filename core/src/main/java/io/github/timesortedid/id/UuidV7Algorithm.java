package io.github.timesortedid.id;

import java.time.Clock;

/**
 * RFC 9562 UUIDv7: 48-bit Unix milliseconds, version 7, 12-bit {@code rand_a}, variant
 * {@code 10}, 62-bit {@code rand_b}. The 74 random bits form one monotonic counter, so values
 * from one generator strictly increase.
 */
final class UuidV7Algorithm extends Value128Algorithm {

	private static final long VERSION = 0x7000L;

	private static final long VARIANT = 0x8000_0000_0000_0000L;

	private static final long RAND_B = 0x3FFF_FFFF_FFFF_FFFFL;

	UuidV7Algorithm(Codec128 codec, Clock clock, RandomSource random) {
		super(IdAlgorithms.UUIDV7, codec, clock, random, 74);
	}

	@Override
	long high(long time, long randomHigh, long randomLow) {
		// rand_a is the top 12 of the 74 random bits: 10 from the high part, 2 from the low part
		return (time << 16) | VERSION | (randomHigh << 2) | (randomLow >>> 62);
	}

	@Override
	long low(long time, long randomHigh, long randomLow) {
		return VARIANT | (randomLow & RAND_B);
	}

	@Override
	void checkFixedBits(CharSequence input, long high, long low) {
		int version = (int) (high >>> 12) & 0xF;
		if (version != 7) {
			throw new InvalidIdException(input, "not a UUIDv7: version is " + version + ", expected 7");
		}
		if ((low >>> 62) != 2) {
			throw new InvalidIdException(input,
					"not a UUIDv7: variant bits are " + Long.toBinaryString(low >>> 62) + ", expected 10 (RFC 9562)");
		}
	}

}
