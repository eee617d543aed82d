package io.github.timesortedid.id;

import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * The fixed-width text forms of a 128-bit value: Crockford base32 (26 characters, lowercase as in
 * TypeID or uppercase as in ULID), base36 (25), base62 (22), hex (32) and the canonical UUID form
 * of RFC 9562 (36, 8-4-4-4-12). Every form is fixed width and in ascending ASCII digit order, so
 * string order equals unsigned numeric order.
 */
enum Codec128 {

	CROCKFORD_LOWER(new BodyFormat(26, Alphabet.CROCKFORD_LOWER), "base32"),

	CROCKFORD_UPPER(new BodyFormat(26, Alphabet.CROCKFORD_UPPER), "base32"),

	BASE36(new BodyFormat(25, Alphabet.BASE36), "base36"),

	BASE62(new BodyFormat(22, Alphabet.BASE62), "base62"),

	HEX_LOWER(new BodyFormat(32, Alphabet.HEX_LOWER), "hex"),

	HEX_UPPER(new BodyFormat(32, Alphabet.HEX_UPPER), "hex"),

	CANONICAL(new BodyFormat(36, Alphabet.HEX_LOWER, "-"), "canonical");

	private final BodyFormat format;

	private final Alphabet alphabet;

	private final int length;

	private final String label;

	Codec128(BodyFormat format, String label) {
		this.format = format;
		// copied out of the format, so that encoding reads them without a further indirection
		this.alphabet = format.alphabet();
		this.length = format.length();
		this.label = label;
	}

	/** The encoding's name in configuration, e.g. {@code base32}. */
	String label() {
		return this.label;
	}

	BodyFormat format() {
		return this.format;
	}

	/**
	 * A regular expression (see {@link Regex}) for the text of every value: the digits, and for the
	 * canonical form the hyphens of RFC 9562's 8-4-4-4-12 groups in their places.
	 */
	String pattern() {
		if (this != CANONICAL) {
			return this.format.pattern();
		}
		return this.format.digitsPattern(8) + "-" + this.format.digitsPattern(4) + "-" + this.format.digitsPattern(4) + "-"
				+ this.format.digitsPattern(4) + "-" + this.format.digitsPattern(12);
	}

	void encode(long high, long low, byte[] dst, int off) {
		switch (this) {
			case CROCKFORD_LOWER, CROCKFORD_UPPER -> Base32.encode128(this.alphabet, high, low, dst, off);
			case BASE36 -> BaseN.BASE36.encode(BaseN.limbs(high, low), dst, off, this.length);
			case BASE62 -> BaseN.BASE62.encode(BaseN.limbs(high, low), dst, off, this.length);
			case CANONICAL -> {
				Hex.encode(this.alphabet, high >>> 32, 8, dst, off);
				dst[off + 8] = '-';
				Hex.encode(this.alphabet, high >>> 16, 4, dst, off + 9);
				dst[off + 13] = '-';
				Hex.encode(this.alphabet, high, 4, dst, off + 14);
				dst[off + 18] = '-';
				Hex.encode(this.alphabet, low >>> 48, 4, dst, off + 19);
				dst[off + 23] = '-';
				Hex.encode(this.alphabet, low, 12, dst, off + 24);
			}
			case HEX_LOWER, HEX_UPPER -> {
				Hex.encode(this.alphabet, high, 16, dst, off);
				Hex.encode(this.alphabet, low, 16, dst, off + 16);
			}
		}
	}

	/**
	 * Reads the value of a valid body in one pass ({@link OnePassDecoder}); the text from
	 * {@code off} on must be at least this form's length.
	 * @param latin1 the text's Latin-1 bytes
	 * @return the value, or {@code null} if the text is not a body of this form: {@link #decode} says why
	 */
	@Nullable UUID read(byte[] latin1, int off) {
		return OnePassDecoder.read(this, this.alphabet, latin1, off);
	}

	/**
	 * Checks length, alphabet and range, then decodes.
	 * @return {@code {high, low}}
	 * @throws InvalidIdException if {@code body} is not this form of a 128-bit value
	 */
	long[] decode(CharSequence body, String what) {
		this.format.requireLength(body, what);
		if (this == CANONICAL) {
			return decodeCanonical(body, what);
		}
		this.format.requireDigits(body, 0, this.length, what);
		return switch (this) {
			case CROCKFORD_LOWER, CROCKFORD_UPPER -> {
				if (this.alphabet.decode(body.charAt(0)) > 7) {
					throw new InvalidIdException(body, what + " starts with a digit above 7, which exceeds 128 bits");
				}
				yield new long[] { Base32.decode128High(this.alphabet, body, 0), Base32.decode128Low(this.alphabet, body, 0) };
			}
			case BASE36, BASE62 -> {
				long[] limbs = new long[4];
				if (!((this == BASE36) ? BaseN.BASE36 : BaseN.BASE62).decode(body, 0, this.length, limbs)) {
					throw new InvalidIdException(body, what + " exceeds 128 bits");
				}
				yield new long[] { BaseN.high(limbs, 0), BaseN.high(limbs, 2) };
			}
			default -> new long[] { Hex.decode(this.alphabet, body, 0, 16), Hex.decode(this.alphabet, body, 16, 16) };
		};
	}

	private long[] decodeCanonical(CharSequence body, String what) {
		for (int i = 0; i < this.length; i++) {
			boolean hyphen = i == 8 || i == 13 || i == 18 || i == 23;
			char c = body.charAt(i);
			if (hyphen ? c != '-' : !this.alphabet.contains(c)) {
				throw BodyFormat.invalidCharacter(body, i,
						hyphen ? "'-' at this position" : this.alphabet.describe() + " in 8-4-4-4-12 groups", what);
			}
		}
		long high = (Hex.decode(this.alphabet, body, 0, 8) << 32) | (Hex.decode(this.alphabet, body, 9, 4) << 16)
				| Hex.decode(this.alphabet, body, 14, 4);
		long low = (Hex.decode(this.alphabet, body, 19, 4) << 48) | Hex.decode(this.alphabet, body, 24, 12);
		return new long[] { high, low };
	}

}
