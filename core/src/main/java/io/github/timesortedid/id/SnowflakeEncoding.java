package io.github.timesortedid.id;

/**
 * How a {@code snowflake} long is written in a {@code String} field. Each is fixed width, so that
 * string order equals numeric order.
 */
public enum SnowflakeEncoding {

	/** 19 zero-padded decimal digits, e.g. {@code 0175928847299117063}. */
	DECIMAL(19),

	/** 13 lowercase Crockford base32 characters. */
	BASE32(13),

	/** 11 base62 characters ({@code 0-9A-Za-z}); case-sensitive. */
	BASE62(11);

	private final int length;

	SnowflakeEncoding(int length) {
		this.length = length;
	}

	/**
	 * Returns the number of characters of every encoded value.
	 * @return the fixed width
	 */
	public int length() {
		return this.length;
	}

	Alphabet alphabet() {
		switch (this) {
			case DECIMAL:
				return Alphabet.DECIMAL;
			case BASE32:
				return Alphabet.CROCKFORD_LOWER;
			default:
				return Alphabet.BASE62;
		}
	}

	void encode(long value, byte[] dst, int off) {
		if (this == BASE32) {
			Base32.encode64(Alphabet.CROCKFORD_LOWER, value, dst, off);
		}
		else {
			(this == DECIMAL ? BaseN.DECIMAL : BaseN.BASE62).encode(value, dst, off, this.length);
		}
	}

	/** Decodes checked digits, or returns -1 if the value exceeds 63 bits. */
	long decode(CharSequence body) {
		if (this == BASE32) {
			return (Alphabet.CROCKFORD_LOWER.decode(body.charAt(0)) > 7) ? -1
					: Base32.decode64(Alphabet.CROCKFORD_LOWER, body, 0);
		}
		return (this == DECIMAL ? BaseN.DECIMAL : BaseN.BASE62).decode(body, 0, this.length);
	}

}
