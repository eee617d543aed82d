package io.github.timesortedid.id;

import java.util.Objects;

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
		// 130 bits in 26 digits: 3 + 12 * 5 from high, one digit across the halves, 12 * 5 from low;
		// unrolled with the range checked once, so that the stores need no checks of their own
		Objects.checkFromIndexSize(off, WIDTH_128, dst.length);
		byte[] digits = alphabet.digits();
		dst[off] = digits[(int) (high >>> 61)];
		dst[off + 1] = digits[(int) (high >>> 56) & 31];
		dst[off + 2] = digits[(int) (high >>> 51) & 31];
		dst[off + 3] = digits[(int) (high >>> 46) & 31];
		dst[off + 4] = digits[(int) (high >>> 41) & 31];
		dst[off + 5] = digits[(int) (high >>> 36) & 31];
		dst[off + 6] = digits[(int) (high >>> 31) & 31];
		dst[off + 7] = digits[(int) (high >>> 26) & 31];
		dst[off + 8] = digits[(int) (high >>> 21) & 31];
		dst[off + 9] = digits[(int) (high >>> 16) & 31];
		dst[off + 10] = digits[(int) (high >>> 11) & 31];
		dst[off + 11] = digits[(int) (high >>> 6) & 31];
		dst[off + 12] = digits[(int) (high >>> 1) & 31];
		dst[off + 13] = digits[(int) (((high & 1) << 4) | (low >>> 60))];
		dst[off + 14] = digits[(int) (low >>> 55) & 31];
		dst[off + 15] = digits[(int) (low >>> 50) & 31];
		dst[off + 16] = digits[(int) (low >>> 45) & 31];
		dst[off + 17] = digits[(int) (low >>> 40) & 31];
		dst[off + 18] = digits[(int) (low >>> 35) & 31];
		dst[off + 19] = digits[(int) (low >>> 30) & 31];
		dst[off + 20] = digits[(int) (low >>> 25) & 31];
		dst[off + 21] = digits[(int) (low >>> 20) & 31];
		dst[off + 22] = digits[(int) (low >>> 15) & 31];
		dst[off + 23] = digits[(int) (low >>> 10) & 31];
		dst[off + 24] = digits[(int) (low >>> 5) & 31];
		dst[off + 25] = digits[(int) low & 31];
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

}
