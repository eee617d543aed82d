package io.github.timesortedid.id;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a string is not a valid ID or ID body: empty, the wrong length, outside the
 * alphabet, non-ASCII, out of range, or carrying the wrong prefix. It is the only exception that
 * parsing and decoding throw for bad input, and its message says what is wrong.
 */
public class InvalidIdException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private static final int QUOTE_LIMIT = 48;

	private final String reason;

	/**
	 * Creates an exception for {@code input} with the given reason.
	 * @param input the rejected text (quoted, shortened and escaped in the message)
	 * @param reason what is wrong with it
	 */
	public InvalidIdException(@Nullable CharSequence input, String reason) {
		super("Invalid ID " + quote(input) + ": " + reason);
		this.reason = reason;
	}

	/**
	 * Returns what is wrong, without the quoted input.
	 * @return the reason
	 */
	public String getReason() {
		return this.reason;
	}

	/**
	 * Renders untrusted input for a message: non-printable and non-ASCII characters escaped, cut
	 * after about 48 characters of output, with the full length when shortened.
	 * @param input the text, possibly {@code null}
	 * @return a quoted, safe rendering
	 */
	public static String quote(@Nullable CharSequence input) {
		if (input == null) {
			return "null";
		}
		int length = input.length();
		StringBuilder out = new StringBuilder(QUOTE_LIMIT + 32).append('\'');
		int shown = 0;
		while (shown < length && out.length() <= QUOTE_LIMIT) {
			char c = input.charAt(shown++);
			if (c >= 0x20 && c < 0x7F) {
				out.append(c);
			}
			else {
				out.append(String.format("\\u%04X", (int) c));
			}
		}
		out.append('\'');
		if (shown < length) {
			out.append("... (").append(length).append(" chars)");
		}
		return out.toString();
	}

}
