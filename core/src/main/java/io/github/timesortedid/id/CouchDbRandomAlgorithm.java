package io.github.timesortedid.id;

import java.util.List;

/**
 * The {@code couchdb-random} algorithm, CouchDB's {@code random} (CouchDB documentation,
 * configuration, {@code [uuids] algorithm}): 128 random bits as 32 lowercase hex digits; no order.
 */
final class CouchDbRandomAlgorithm extends AbstractIdAlgorithm {

	private static final Codec128 CODEC = Codec128.HEX_LOWER;

	private final RandomSource random;

	CouchDbRandomAlgorithm(RandomSource random) {
		super(IdAlgorithms.COUCHDB_RANDOM, null, CODEC.format());
		this.random = random;
	}

	@Override
	public void writeBody(byte[] dst, int offset) {
		CODEC.encode(this.random.nextLong(), this.random.nextLong(), dst, offset);
	}

	@Override
	public void validateBody(CharSequence body) {
		CODEC.decode(body, what());
	}

	@Override
	public List<IdSegment> segments(CharSequence body) {
		long[] value = CODEC.decode(body, what());
		return new IdSegment.Builder().random("random", 128, value[0], value[1]).build();
	}

}
