package io.github.timesortedid.id;

/**
 * How a {@code uuidv7} value is written in a {@code String} field. Each is fixed width, so that
 * string order equals time order.
 */
public enum Uuidv7Encoding {

	/**
	 * 26 lowercase Crockford base32 characters, the TypeID suffix: {@code post_} + body is a valid
	 * TypeID.
	 */
	BASE32(Codec128.CROCKFORD_LOWER),

	/**
	 * 25 characters {@code 0-9a-z}, zero-padded: a base36 form that drops leading zeros would put
	 * a shorter, older ID after a longer, newer one.
	 */
	BASE36(Codec128.BASE36),

	/** 22 characters {@code 0-9A-Za-z}; the shortest, but case-sensitive. */
	BASE62(Codec128.BASE62),

	/** 32 lowercase hex digits. */
	HEX(Codec128.HEX_LOWER),

	/** 36 characters in the canonical 8-4-4-4-12 form. */
	CANONICAL(Codec128.CANONICAL);

	private final Codec128 codec;

	Uuidv7Encoding(Codec128 codec) {
		this.codec = codec;
	}

	/**
	 * Returns the number of characters of every encoded value.
	 * @return the fixed width
	 */
	public int length() {
		return this.codec.format().length();
	}

	Codec128 codec() {
		return this.codec;
	}

}
