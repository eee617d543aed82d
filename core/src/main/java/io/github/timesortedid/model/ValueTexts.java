package io.github.timesortedid.model;

import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.Nouns;

/**
 * The text forms of the values that are not text, {@code Long} and {@code UUID}, as IDs in a path or
 * a request parameter read: exactly what {@code Long.toString} and {@code UUID.toString} write,
 * stricter than the JDK's parsers, which take a sign, other scripts' digits and short UUID groups.
 */
final class ValueTexts {

	/** The digits of {@code Long.MAX_VALUE}: the longest text of a {@code Long} ID. */
	static final int LONG_DIGITS = String.valueOf(Long.MAX_VALUE).length();

	/** The length of a UUID's 8-4-4-4-12 form. */
	static final int UUID_LENGTH = 36;

	private ValueTexts() {
	}

	/**
	 * Reads a {@code Long} ID. {@code Long.parseLong} reads a sign and the digits of every script
	 * ({@code Character.digit}), so "+12", "١٢" and "１２" would resolve and keep that text as the
	 * body: the ID is what {@code Long.toString} writes, ASCII digits alone.
	 */
	static long decimal(IdField field, String text) {
		boolean ascii = !text.isEmpty() && text.length() <= LONG_DIGITS;
		for (int i = 0; ascii && i < text.length(); i++) {
			ascii = text.charAt(i) >= '0' && text.charAt(i) <= '9';
		}
		try {
			if (!ascii) {
				throw new NumberFormatException(text);
			}
			return Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			throw new InvalidIdException(text, Nouns.withArticle(field + " ID") + " is a decimal number of at most "
					+ LONG_DIGITS + " ASCII digits 0-9");
		}
	}

	/**
	 * Reads a {@code UUID} ID. {@code UUID.fromString} also takes "1-2-3-4-5", a sign and other
	 * scripts' digits (it parses each group with {@code Long.parseLong}); RFC 9562's string form is 36
	 * characters of ASCII hex and dashes.
	 */
	static java.util.UUID uuid(IdField field, String text) {
		if (!isUuidText(text)) {
			throw new InvalidIdException(text, Nouns.withArticle(field + " ID") + " is a UUID in 8-4-4-4-12 form");
		}
		return java.util.UUID.fromString(text);
	}

	private static boolean isUuidText(String text) {
		if (text.length() != UUID_LENGTH) {
			return false;
		}
		for (int i = 0; i < UUID_LENGTH; i++) {
			char c = text.charAt(i);
			boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
			boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
			if (dash ? c != '-' : !hex) {
				return false;
			}
		}
		return true;
	}

}
