package io.github.timesortedid.id;

/** CouchDB's {@code random} (seed 001): 128 random bits as 32 lowercase hex digits; no order. */
final class CouchDbRandomAlgorithm implements IdAlgorithm {

	private final RandomSource random;

	CouchDbRandomAlgorithm(RandomSource random) {
		this.random = random;
	}

	@Override
	public String name() {
		return IdAlgorithms.COUCHDB_RANDOM;
	}

	@Override
	public int bodyLength() {
		return Codec128.HEX_LOWER.length();
	}

	@Override
	public boolean isCaseSensitive() {
		return false;
	}

	@Override
	public boolean isBodyCharacter(char c) {
		return Codec128.HEX_LOWER.isBodyCharacter(c);
	}

	@Override
	public void writeBody(byte[] dst, int offset) {
		Codec128.HEX_LOWER.encode(this.random.nextLong(), this.random.nextLong(), dst, offset);
	}

	@Override
	public void validateBody(CharSequence body) {
		Codec128.HEX_LOWER.decode(body, "a " + name() + " body");
	}

	@Override
	public String toString() {
		return name();
	}

}
