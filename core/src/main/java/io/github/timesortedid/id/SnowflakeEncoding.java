package io.github.timesortedid.id;

/**
 * How a {@code snowflake} long is written in a {@code String} field. Each is fixed width, so that
 * string order equals numeric order.
 */
public enum SnowflakeEncoding {

	/** 19 zero-padded decimal digits, e.g. {@code 0175928847299117063}. */
	DECIMAL(new BodyFormat(19, Alphabet.DECIMAL)),

	/** 13 lowercase Crockford base32 characters. */
	BASE32(new BodyFormat(Base32.WIDTH_64, Alphabet.CROCKFORD_LOWER)),

	/** 11 base62 characters ({@code 0-9A-Za-z}); case-sensitive. */
	BASE62(new BodyFormat(11, Alphabet.BASE62));

	private final BodyFormat format;

	SnowflakeEncoding(BodyFormat format) {
		this.format = format;
	}

	/**
	 * Returns the number of characters of every encoded value.
	 * @return the fixed width
	 */
	public int length() {
		return this.format.length();
	}

	BodyFormat format() {
		return this.format;
	}

	void encode(long value, byte[] dst, int off) {
		switch (this) {
			case DECIMAL -> BaseN.DECIMAL.encode(value, dst, off, length());
			case BASE32 -> Base32.encode64(Alphabet.CROCKFORD_LOWER, value, dst, off);
			case BASE62 -> BaseN.BASE62.encode(value, dst, off, length());
		}
	}

	/** Decodes checked digits, or returns -1 if the value exceeds 63 bits. */
	long decode(CharSequence body) {
		return switch (this) {
			case DECIMAL -> BaseN.DECIMAL.decode(body, 0, length());
			// 13 digits carry 65 bits: a first digit above 7 sets bit 63 or 64, beyond 63 bits
			case BASE32 -> (Alphabet.CROCKFORD_LOWER.decode(body.charAt(0)) > 7) ? -1
					: Base32.decode64(Alphabet.CROCKFORD_LOWER, body, 0);
			case BASE62 -> BaseN.BASE62.decode(body, 0, length());
		};
	}

}
