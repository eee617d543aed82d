package io.github.timesortedid.id;

import org.jspecify.annotations.Nullable;

/**
 * The TypeID rules for a prefix: 1 to 63 lowercase ASCII letters and underscores, starting and
 * ending with a letter. The same rules apply whatever the separator, so a prefix never contains
 * a separator character other than {@code _} and an ID splits at its last separator.
 */
public final class Prefixes {

	/** The longest prefix allowed. */
	public static final int MAX_LENGTH = 63;

	/** How to write a valid prefix, for messages that report an invalid one. */
	public static final String ADVICE = "Use 1 to " + MAX_LENGTH
			+ " lowercase letters a-z and '_', starting and ending with a letter (the TypeID rules), e.g. post.";

	private Prefixes() {
	}

	/**
	 * Checks a prefix against the rules.
	 * @param prefix the candidate
	 * @return the prefix
	 * @throws InvalidPrefixException saying which rule it breaks
	 */
	public static String check(@Nullable String prefix) {
		String reason = problem(prefix);
		if (reason != null) {
			throw new InvalidPrefixException(prefix, reason);
		}
		return prefix;
	}

	private static @Nullable String problem(@Nullable CharSequence prefix) {
		if (prefix == null || prefix.length() == 0) {
			return "a prefix needs at least one letter";
		}
		if (prefix.length() > MAX_LENGTH) {
			return "a prefix has at most " + MAX_LENGTH + " characters, not " + prefix.length();
		}
		for (int i = 0; i < prefix.length(); i++) {
			char c = prefix.charAt(i);
			if (!(c >= 'a' && c <= 'z') && c != '_') {
				return "a prefix has only lowercase letters a-z and '_', but has "
						+ ((c >= 0x20 && c < 0x7F) ? "'" + c + "'" : String.format("U+%04X", (int) c)) + " at index " + i;
			}
		}
		if (prefix.charAt(0) == '_' || prefix.charAt(prefix.length() - 1) == '_') {
			return "a prefix starts and ends with a letter, not '_'";
		}
		return null;
	}

}
