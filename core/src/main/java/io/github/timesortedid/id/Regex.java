package io.github.timesortedid.id;

import java.util.function.IntPredicate;

/**
 * Writes regular expressions for ID formats in the part of the syntax that Java's
 * {@link java.util.regex.Pattern} and ECMA-262 (the dialect of the {@code pattern} keyword of JSON
 * Schema and OpenAPI) read alike, also under ECMA-262's {@code u} flag: literal characters, escaped
 * only where a syntax character must stand for itself (no {@code \Q...\E}, which ECMA-262 lacks),
 * character classes of printable ASCII, and fixed counts.
 */
final class Regex {

	/** ECMA-262's SyntaxCharacter: the characters that stand for themselves only when escaped. */
	private static final String SYNTAX_CHARACTERS = "^$\\.*+?()[]{}|";

	/** Characters escaped inside a character class (ECMA-262 ClassEscape, {@code u} flag). */
	private static final String CLASS_SYNTAX_CHARACTERS = "\\]-^[";

	private static final char FIRST_PRINTABLE = 0x21;

	private static final char LAST_PRINTABLE = 0x7E;

	private Regex() {
	}

	/**
	 * Returns an expression matching exactly {@code text}.
	 * @param text printable ASCII, such as a prefix, a separator or a fixed suffix
	 */
	static String literal(CharSequence text) {
		StringBuilder regex = new StringBuilder(text.length() * 2);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (SYNTAX_CHARACTERS.indexOf(c) >= 0) {
				regex.append('\\');
			}
			regex.append(c);
		}
		return regex.toString();
	}

	/**
	 * Returns a character class of the printable ASCII characters (no space) that {@code member}
	 * accepts, runs of three or more written as ranges: {@code [0-9a-hjkmnp-tv-z]} for lowercase
	 * Crockford base32.
	 * @param member tells which characters belong
	 */
	static String characterClass(IntPredicate member) {
		StringBuilder regex = new StringBuilder("[");
		char c = FIRST_PRINTABLE;
		while (c <= LAST_PRINTABLE) {
			if (!member.test(c)) {
				c++;
				continue;
			}
			char last = c;
			while (last < LAST_PRINTABLE && member.test(last + 1)) {
				last++;
			}
			appendInClass(regex, c);
			if (last - c >= 2) {
				regex.append('-');
			}
			if (last > c) {
				appendInClass(regex, last);
			}
			c = (char) (last + 1);
		}
		if (regex.length() == 1) {
			throw new IllegalArgumentException("no printable ASCII character belongs to the class");
		}
		return regex.append(']').toString();
	}

	/**
	 * Returns {@code count} repetitions of a single-character expression.
	 * @param atom a character class or an escaped character
	 * @param count how many times
	 */
	static String repeat(String atom, int count) {
		return (count == 1) ? atom : atom + "{" + count + "}";
	}

	private static void appendInClass(StringBuilder regex, char c) {
		if (CLASS_SYNTAX_CHARACTERS.indexOf(c) >= 0) {
			regex.append('\\');
		}
		regex.append(c);
	}

}
