package io.github.timesortedid.id;

/**
 * Fixed-width hexadecimal of up to 16 digits per call. Decoding expects input already checked
 * against the alphabet.
 */
final class Hex {

	private Hex() {
	}

	static void encode(Alphabet alphabet, long value, int digits, byte[] dst, int off) {
		for (int i = digits - 1; i >= 0; i--) {
			dst[off + i] = alphabet.encode((int) value & 0xF);
			value >>>= 4;
		}
	}

	static long decode(Alphabet alphabet, CharSequence text, int off, int digits) {
		long value = 0;
		for (int i = 0; i < digits; i++) {
			value = (value << 4) | alphabet.decode(text.charAt(off + i));
		}
		return value;
	}

}
