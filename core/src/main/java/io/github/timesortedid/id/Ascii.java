package io.github.timesortedid.id;

/** Makes strings from the ASCII bytes the encoders write. */
final class Ascii {

	private Ascii() {
	}

	/**
	 * Returns the bytes as a string. The {@code hibyte} constructor copies them straight into a
	 * Latin-1 string; {@code new String(bytes, ISO_8859_1)} goes through the charset machinery,
	 * which on JDK 17 costs more than the rest of an ID.
	 */
	@SuppressWarnings("deprecation")
	static String string(byte[] ascii) {
		return new String(ascii, 0, 0, ascii.length);
	}

}
