package io.github.timesortedid.id;

import java.util.Arrays;

/**
 * The digits of one encoding, in ascending order, with an ASCII lookup table for decoding. A
 * digit's position is its value, so for every alphabet here ASCII order equals numeric order and
 * fixed-width strings sort like the numbers they encode.
 */
final class Alphabet {

	static final Alphabet CROCKFORD_LOWER = new Alphabet("0123456789abcdefghjkmnpqrstvwxyz");

	static final Alphabet CROCKFORD_UPPER = new Alphabet("0123456789ABCDEFGHJKMNPQRSTVWXYZ");

	static final Alphabet HEX_LOWER = new Alphabet("0123456789abcdef");

	static final Alphabet HEX_UPPER = new Alphabet("0123456789ABCDEF");

	static final Alphabet BASE36 = new Alphabet("0123456789abcdefghijklmnopqrstuvwxyz");

	static final Alphabet BASE62 = new Alphabet("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");

	static final Alphabet DECIMAL = new Alphabet("0123456789");

	private final String digits;

	private final byte[] encode;

	private final byte[] decode = new byte[256];

	private final boolean caseSensitive;

	private Alphabet(String digits) {
		this.digits = digits;
		this.encode = new byte[digits.length()];
		Arrays.fill(this.decode, (byte) -1);
		for (int i = 0; i < digits.length(); i++) {
			char c = digits.charAt(i);
			if (i > 0 && c <= digits.charAt(i - 1)) {
				throw new IllegalArgumentException("Alphabet must be in ascending ASCII order: " + digits);
			}
			this.encode[i] = (byte) c;
			this.decode[c] = (byte) i;
		}
		this.caseSensitive = digits.chars().anyMatch(Character::isUpperCase)
				&& digits.chars().anyMatch(Character::isLowerCase);
	}

	int radix() {
		return this.encode.length;
	}

	/** The digits as ASCII bytes, indexed by value; callers must not change it. */
	byte[] digits() {
		return this.encode;
	}

	/**
	 * The decoding table, indexed by a Latin-1 byte ({@code b & 0xFF}): a digit's value, or -1 for
	 * every other character; callers must not change it.
	 */
	byte[] table() {
		return this.decode;
	}

	byte encode(int digit) {
		return this.encode[digit];
	}

	/** Returns the value of {@code c}, or -1 if it is not a digit of this alphabet. */
	int decode(char c) {
		return (c < 128) ? this.decode[c] : -1;
	}

	/**
	 * Tells whether the alphabet has letters in both cases, so that a collation that folds case
	 * would make distinct bodies compare equal.
	 */
	boolean isCaseSensitive() {
		return this.caseSensitive;
	}

	boolean contains(char c) {
		return decode(c) >= 0;
	}

	/** Returns the index of the first character in {@code [from, to)} outside this alphabet, or -1. */
	int indexOfInvalid(CharSequence text, int from, int to) {
		for (int i = from; i < to; i++) {
			if (decode(text.charAt(i)) < 0) {
				return i;
			}
		}
		return -1;
	}

	String describe() {
		return this.digits;
	}

}
