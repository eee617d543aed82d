package io.github.timesortedid.id;

import java.time.Clock;
import java.time.temporal.ChronoUnit;

/**
 * CouchDB's {@code utc_random} (seed 001): 14 lowercase hex digits of microseconds since 1970,
 * then 18 lowercase hex digits (72 bits) of randomness, which is the monotonic part.
 */
final class CouchDbUtcRandomAlgorithm extends TimeRandomAlgorithm {

	static final long MAX_MICROS = (1L << 56) - 1;

	private static final int LENGTH = 32;

	CouchDbUtcRandomAlgorithm(Clock clock, RandomSource random) {
		super(IdAlgorithms.COUCHDB_UTC_RANDOM,
				new TimeField(IdAlgorithms.COUCHDB_UTC_RANDOM, ChronoUnit.MICROS, 0, MAX_MICROS), clock, random, 72);
	}

	@Override
	public int bodyLength() {
		return LENGTH;
	}

	@Override
	public boolean isCaseSensitive() {
		return false;
	}

	@Override
	public boolean isBodyCharacter(char c) {
		return Alphabet.HEX_LOWER.contains(c);
	}

	@Override
	void write(long time, long high, long low, byte[] dst, int off) {
		Hex.encode(Alphabet.HEX_LOWER, time, 14, dst, off);
		Hex.encode(Alphabet.HEX_LOWER, high, 2, dst, off + 14);
		Hex.encode(Alphabet.HEX_LOWER, low, 16, dst, off + 16);
	}

	@Override
	void check(CharSequence body) {
		BodyChecks.requireLength(body, LENGTH, what());
		BodyChecks.requireDigits(body, 0, LENGTH, Alphabet.HEX_LOWER, what());
	}

	@Override
	long rawTime(CharSequence body) {
		return Hex.decode(Alphabet.HEX_LOWER, body, 0, 14);
	}

}
