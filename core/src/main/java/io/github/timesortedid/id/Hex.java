package io.github.timesortedid.id;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Fixed-width hexadecimal of up to 16 digits per call. Encoding turns eight digits at a time into
 * ASCII with bit arithmetic (SWAR) and stores them as one long, without a table lookup per digit.
 * Decoding expects input already checked against the alphabet.
 */
final class Hex {

	private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

	private Hex() {
	}

	static void encode(Alphabet alphabet, long value, int digits, byte[] dst, int off) {
		// how far the digit for 10 lies past '9' + 1: 39 for 'a', 7 for 'A'
		long letters = alphabet.encode(10) - '0' - 10;
		int end = off + digits;
		while (end - off >= 8) {
			Bytes.putLong(dst, end - 8, eightDigits(value & 0xFFFF_FFFFL, letters));
			value >>>= 32;
			end -= 8;
		}
		if (end - off >= 4) {
			// the low half of eight digits of a 16-bit value: its four digits
			INTS.set(dst, end - 4, (int) eightDigits(value & 0xFFFFL, letters));
			value >>>= 16;
			end -= 4;
		}
		while (end > off) {
			dst[--end] = alphabet.encode((int) value & 0xF);
			value >>>= 4;
		}
	}

	/** The eight hex digits of a 32-bit value as ASCII, the most significant digit in the top byte. */
	private static long eightDigits(long value, long letters) {
		// spread the nibbles one per byte: 32 bits to two 16-bit halves, to four bytes, to eight nibbles
		long x = ((value & 0xFFFF_0000L) << 16) | (value & 0xFFFFL);
		x = ((x & 0x0000_FF00_0000_FF00L) << 8) | (x & 0x0000_00FF_0000_00FFL);
		x = ((x & 0x00F0_00F0_00F0_00F0L) << 4) | (x & 0x000F_000F_000F_000FL);
		// a byte holds 1 here where its nibble is 10 or more: nibble + 6 carries into bit 4
		long isLetter = ((x + 0x0606_0606_0606_0606L) >>> 4) & 0x0101_0101_0101_0101L;
		return x + 0x3030_3030_3030_3030L + isLetter * letters;
	}

	static long decode(Alphabet alphabet, CharSequence text, int off, int digits) {
		long value = 0;
		for (int i = 0; i < digits; i++) {
			value = (value << 4) | alphabet.decode(text.charAt(off + i));
		}
		return value;
	}

}
