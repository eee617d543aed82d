package io.github.timesortedid.id;

import java.time.Clock;
import java.util.List;

/**
 * The {@code uuidv7} algorithm, RFC 9562 UUIDv7 (section 5.7): 48-bit Unix milliseconds, the
 * version {@code 0111}, 12 bits of {@code rand_a}, the variant {@code 10} and 62 bits of
 * {@code rand_b}, written in one of the {@link Uuidv7Encoding}s. The 74 random bits form one
 * monotonic counter (RFC 9562 section 6.2, method 2), so values from one generator strictly
 * increase.
 */
final class UuidV7Algorithm implements Value128Algorithm.BitLayout {

	private static final UuidV7Algorithm LAYOUT = new UuidV7Algorithm();

	private static final int RANDOM_BITS = 74;

	private static final long VERSION = 0x7000L;

	private static final long VARIANT = 0x8000_0000_0000_0000L;

	private static final long RAND_B = 0x3FFF_FFFF_FFFF_FFFFL;

	private UuidV7Algorithm() {
	}

	static UuidIdAlgorithm create(Uuidv7Encoding encoding, Clock clock, RandomSource random) {
		Codec128 codec = encoding.codec();
		return new Value128Algorithm(IdAlgorithms.UUIDV7, codec.label(), LAYOUT, codec, clock, random);
	}

	@Override
	public int randomBits() {
		return RANDOM_BITS;
	}

	@Override
	public long high(long time, long randomHigh, long randomLow) {
		// rand_a is the top 12 of the 74 random bits: 10 from the high part, 2 from the low part
		return (time << 16) | VERSION | (randomHigh << 2) | (randomLow >>> 62);
	}

	@Override
	public long low(long time, long randomHigh, long randomLow) {
		return VARIANT | (randomLow & RAND_B);
	}

	@Override
	public List<IdSegment> segments(long high, long low, TimeField time) {
		// RFC 9562 section 5.7, figure 11: the field names and widths
		return new IdSegment.Builder().time("unix_ts_ms", 48, high >>> 16, time)
			.fixed("ver", 4, (high >>> 12) & 0xF)
			.random("rand_a", 12, high & 0xFFF)
			.fixed("var", 2, low >>> 62)
			.random("rand_b", 62, low & RAND_B)
			.build();
	}

	@Override
	public void checkFixedBits(CharSequence input, long high, long low) {
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
