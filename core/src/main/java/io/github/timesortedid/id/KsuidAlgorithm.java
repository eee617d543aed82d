package io.github.timesortedid.id;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The {@code ksuid} algorithm, Segment's KSUID (github.com/segmentio/ksuid): 32-bit seconds since
 * 1400000000 (2014-05-13T16:53:20Z) and a 128-bit random payload, the 160 bits as 27 base62
 * characters ({@code 0-9A-Za-z}). The payload is the monotonic part.
 */
final class KsuidAlgorithm implements TimeRandomAlgorithm.Layout {

	private static final long EPOCH_SECONDS = 1_400_000_000L;

	private static final long MAX_SECONDS = 0xFFFF_FFFFL;

	private static final int RANDOM_BITS = 128;

	private static final BodyFormat FORMAT = new BodyFormat(27, Alphabet.BASE62);

	private static final KsuidAlgorithm LAYOUT = new KsuidAlgorithm();

	private KsuidAlgorithm() {
	}

	static TimeOrderedIdAlgorithm create(Clock clock, RandomSource random) {
		TimeField time = new TimeField(IdAlgorithms.KSUID, ChronoUnit.SECONDS, EPOCH_SECONDS, MAX_SECONDS);
		return new TimeRandomAlgorithm(IdAlgorithms.KSUID, null, FORMAT, time, RANDOM_BITS, LAYOUT, clock, random);
	}

	/** A 32-bit timestamp and the 128-bit payload: 160 bits, which 27 base62 digits exceed. */
	@Override
	public int valueBits(BodyFormat format) {
		return 32 + RANDOM_BITS;
	}

	@Override
	public void write(long time, long high, long low, byte[] dst, int off) {
		long[] limbs = { time, high >>> 32, high & 0xFFFF_FFFFL, low >>> 32, low & 0xFFFF_FFFFL };
		BaseN.BASE62.encode(limbs, dst, off, FORMAT.length());
	}

	@Override
	public long readTime(CharSequence body, String what) {
		return decode(body, what)[0];
	}

	@Override
	public List<IdSegment> segments(CharSequence body, String what, TimeField time) {
		// the names of segmentio/ksuid's README: a 32-bit timestamp and a 128-bit payload
		long[] limbs = decode(body, what);
		return new IdSegment.Builder().time("timestamp", 32, limbs[0], time)
			.random("payload", RANDOM_BITS, IdSegment.Builder.limbs(limbs, 1, 5))
			.build();
	}

	/** Checks a body and returns its 160 bits as five 32-bit limbs, the timestamp first. */
	private static long[] decode(CharSequence body, String what) {
		FORMAT.check(body, what);
		long[] limbs = new long[5];
		if (!BaseN.BASE62.decode(body, 0, FORMAT.length(), limbs)) {
			throw new InvalidIdException(body, what + " exceeds 160 bits");
		}
		return limbs;
	}

}
