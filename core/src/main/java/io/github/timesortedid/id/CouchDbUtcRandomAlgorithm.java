package io.github.timesortedid.id;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The {@code couchdb-utc-random} algorithm, CouchDB's {@code utc_random} (CouchDB documentation,
 * configuration, {@code [uuids] algorithm}): 14 lowercase hex digits of microseconds since 1970,
 * then 18 lowercase hex digits (72 bits) of randomness, which is the monotonic part.
 */
final class CouchDbUtcRandomAlgorithm implements TimeRandomAlgorithm.Layout {

	/** The largest timestamp 14 hex digits hold; {@code couchdb-utc-id} shares the field. */
	static final long MAX_MICROS = (1L << 56) - 1;

	static final int TIME_WIDTH = 14;

	private static final int RANDOM_BITS = 72;

	private static final BodyFormat FORMAT = new BodyFormat(32, Alphabet.HEX_LOWER);

	private static final CouchDbUtcRandomAlgorithm LAYOUT = new CouchDbUtcRandomAlgorithm();

	private CouchDbUtcRandomAlgorithm() {
	}

	static TimeOrderedIdAlgorithm create(Clock clock, RandomSource random) {
		TimeField time = new TimeField(IdAlgorithms.COUCHDB_UTC_RANDOM, ChronoUnit.MICROS, 0, MAX_MICROS);
		return new TimeRandomAlgorithm(IdAlgorithms.COUCHDB_UTC_RANDOM, null, FORMAT, time, RANDOM_BITS, LAYOUT, clock,
				random);
	}

	@Override
	public void write(long time, long high, long low, byte[] dst, int off) {
		Hex.encode(Alphabet.HEX_LOWER, time, TIME_WIDTH, dst, off);
		Hex.encode(Alphabet.HEX_LOWER, high, 2, dst, off + TIME_WIDTH);
		Hex.encode(Alphabet.HEX_LOWER, low, 16, dst, off + TIME_WIDTH + 2);
	}

	@Override
	public List<IdSegment> segments(CharSequence body, String what, TimeField time) {
		long micros = readTime(body, what);
		return new IdSegment.Builder().time("timestamp", 4 * TIME_WIDTH, micros, time)
			.random("random", RANDOM_BITS, Hex.decode(Alphabet.HEX_LOWER, body, TIME_WIDTH, 2),
					Hex.decode(Alphabet.HEX_LOWER, body, TIME_WIDTH + 2, 16))
			.build();
	}

	@Override
	public long readTime(CharSequence body, String what) {
		FORMAT.check(body, what);
		return Hex.decode(Alphabet.HEX_LOWER, body, 0, TIME_WIDTH);
	}

}
