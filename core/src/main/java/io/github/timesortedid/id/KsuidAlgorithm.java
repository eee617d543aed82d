package io.github.timesortedid.id;

import java.time.Clock;
import java.time.temporal.ChronoUnit;

/**
 * Segment's KSUID: 32-bit seconds since 1400000000 (2014-05-13T16:53:20Z) and a 128-bit random
 * payload, as 27 base62 characters ({@code 0-9A-Za-z}). The payload is the monotonic part.
 */
final class KsuidAlgorithm extends TimeRandomAlgorithm {

	static final long EPOCH_SECONDS = 1_400_000_000L;

	private static final int LENGTH = 27;

	KsuidAlgorithm(Clock clock, RandomSource random) {
		super(IdAlgorithms.KSUID, new TimeField(IdAlgorithms.KSUID, ChronoUnit.SECONDS, EPOCH_SECONDS, 0xFFFF_FFFFL),
				clock, random, 128);
	}

	@Override
	public int bodyLength() {
		return LENGTH;
	}

	@Override
	public boolean isCaseSensitive() {
		return true;
	}

	@Override
	public boolean isBodyCharacter(char c) {
		return Alphabet.BASE62.contains(c);
	}

	@Override
	void write(long time, long high, long low, byte[] dst, int off) {
		long[] limbs = { time, high >>> 32, high & 0xFFFF_FFFFL, low >>> 32, low & 0xFFFF_FFFFL };
		BaseN.BASE62.encode(limbs, dst, off, LENGTH);
	}

	@Override
	void check(CharSequence body) {
		BodyChecks.requireLength(body, LENGTH, what());
		BodyChecks.requireDigits(body, 0, LENGTH, Alphabet.BASE62, what());
		if (!BaseN.BASE62.decode(body, 0, LENGTH, new long[5])) {
			throw new InvalidIdException(body, what() + " exceeds 160 bits");
		}
	}

	@Override
	long rawTime(CharSequence body) {
		long[] limbs = new long[5];
		BaseN.BASE62.decode(body, 0, LENGTH, limbs);
		return limbs[0];
	}

}
