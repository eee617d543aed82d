package io.github.timesortedid.id;

import org.jspecify.annotations.Nullable;

/**
 * The text form of a body: its fixed length and the characters it is made of. Every algorithm
 * states one, so that length, case sensitivity and the body alphabet are answered here once, and
 * every body is checked the same way: the length first, so that oversized input is rejected
 * without being scanned, then the characters, each failure an {@link InvalidIdException} that
 * says what is wrong.
 *
 * @param length the number of characters of every body
 * @param alphabet the digits
 * @param otherCharacters characters that occur at fixed places besides the digits (the hyphens of
 * the canonical UUID form, a {@code couchdb-utc-id} suffix); whoever owns them checks them
 */
record BodyFormat(int length, Alphabet alphabet, String otherCharacters) {

	BodyFormat(int length, Alphabet alphabet) {
		this(length, alphabet, "");
	}

	/**
	 * Tells whether distinct bodies can differ only in case. The other characters are the same in
	 * every body, so only the alphabet decides.
	 */
	boolean isCaseSensitive() {
		return this.alphabet.isCaseSensitive();
	}

	boolean isBodyCharacter(char c) {
		return this.alphabet.contains(c) || this.otherCharacters.indexOf(c) >= 0;
	}

	/**
	 * A regular expression (see {@link Regex}) for {@code count} digits of the alphabet, in its case
	 * only.
	 */
	String digitsPattern(int count) {
		return Regex.repeat(Regex.characterClass(c -> this.alphabet.contains((char) c)), count);
	}

	/**
	 * A regular expression for a body of digits only: the alphabet at every one of the
	 * {@link #length()} places. A format with other characters has their owner describe where they go.
	 */
	String pattern() {
		if (!this.otherCharacters.isEmpty()) {
			throw new IllegalStateException("the owner of '" + this.otherCharacters + "' places them in the pattern");
		}
		return digitsPattern(this.length);
	}

	/** Checks the length and that every character is a digit. */
	void check(CharSequence body, String what) {
		requireLength(body, what);
		requireDigits(body, 0, this.length, what);
	}

	void requireLength(@Nullable CharSequence body, String what) {
		if (body == null) {
			throw new InvalidIdException(null, what + " is required");
		}
		if (body.length() != this.length) {
			throw new InvalidIdException(body, what + " has " + this.length + " characters, not " + body.length());
		}
	}

	void requireDigits(CharSequence body, int from, int to, String what) {
		int invalid = this.alphabet.indexOfInvalid(body, from, to);
		if (invalid >= 0) {
			throw invalidCharacter(body, invalid, this.alphabet.describe(), what);
		}
	}

	static InvalidIdException invalidCharacter(CharSequence body, int index, String allowed, String what) {
		char c = body.charAt(index);
		String shown = (c >= 0x20 && c < 0x7F) ? "'" + c + "'" : String.format("U+%04X", (int) c);
		String kind = (c >= 0x80) ? "non-ASCII character " : "character ";
		return new InvalidIdException(body,
				kind + shown + " at index " + index + " of the body is not allowed in " + what + " (allowed: " + allowed + ")");
	}

}
