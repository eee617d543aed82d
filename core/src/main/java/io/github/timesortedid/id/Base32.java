package io.github.timesortedid.id;

/**
 * Crockford base32 in fixed width, by bit shifting: 26 characters for 128 bits (the top character
 * carries 3 bits, as in ULID and TypeID) and 13 characters for 64 bits. Decoding expects input
 * already checked against the alphabet.
 */
final class Base32 {

	static final int WIDTH_128 = 26;

	static final int WIDTH_64 = 13;

	private Base32() {
	}

	static void encode128(Alphabet alphabet, long high, long low, byte[] dst, int off) {
		dst[off] = alphabet.encode((int) (high >>> 61));
		for (int i = 1; i < WIDTH_128; i++) {
			dst[off + i] = alphabet.encode(fiveBits(high, low, 125 - 5 * i));
		}
	}

	/** Decodes 26 digits at {@code off}; the first digit must be at most 7 (checked by the caller). */
	static long decode128High(Alphabet alphabet, CharSequence text, int off) {
		long high = 0;
		// digits 0..12 carry bits 127..63: 3 + 12 * 5 = 63 bits, then one bit of digit 13
		for (int i = 0; i < 13; i++) {
			high = (high << 5) | alphabet.decode(text.charAt(off + i));
		}
		return (high << 1) | (alphabet.decode(text.charAt(off + 13)) >>> 4);
	}

	static long decode128Low(Alphabet alphabet, CharSequence text, int off) {
		long low = alphabet.decode(text.charAt(off + 13)) & 0xF;
		for (int i = 14; i < WIDTH_128; i++) {
			low = (low << 5) | alphabet.decode(text.charAt(off + i));
		}
		return low;
	}

	static void encode64(Alphabet alphabet, long value, byte[] dst, int off) {
		dst[off] = alphabet.encode((int) (value >>> 60));
		for (int i = 1; i < WIDTH_64; i++) {
			dst[off + i] = alphabet.encode((int) (value >>> (60 - 5 * i)) & 31);
		}
	}

	/** Decodes 13 digits; the first must be at most f (checked by the caller) for the value to fit. */
	static long decode64(Alphabet alphabet, CharSequence text, int off) {
		long value = 0;
		for (int i = 0; i < WIDTH_64; i++) {
			value = (value << 5) | alphabet.decode(text.charAt(off + i));
		}
		return value;
	}

	private static int fiveBits(long high, long low, int shift) {
		if (shift >= 64) {
			return (int) (high >>> (shift - 64)) & 31;
		}
		if (shift <= 59) {
			return (int) (low >>> shift) & 31;
		}
		return (int) ((high << (64 - shift)) | (low >>> shift)) & 31;
	}

}
