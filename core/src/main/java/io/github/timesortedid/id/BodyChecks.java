package io.github.timesortedid.id;

/**
 * The checks every body goes through before it is decoded, each failing with an
 * {@link InvalidIdException} that says what is wrong. The length is checked first, so that
 * oversized input is rejected without being scanned.
 */
final class BodyChecks {

	private BodyChecks() {
	}

	static void requireLength(CharSequence body, int expected, String what) {
		if (body == null) {
			throw new InvalidIdException(null, what + " is required");
		}
		if (body.length() != expected) {
			throw new InvalidIdException(body, what + " has " + expected + " characters, not " + body.length());
		}
	}

	static void requireDigits(CharSequence body, int from, int to, Alphabet alphabet, String what) {
		int invalid = alphabet.indexOfInvalid(body, from, to);
		if (invalid >= 0) {
			throw invalidCharacter(body, invalid, alphabet.describe(), what);
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
