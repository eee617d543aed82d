package io.github.timesortedid.id;

import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * Reads the 128-bit value of a {@link Codec128} text in one pass over its characters, each looked up
 * in the alphabet's table: the path of every valid ID on its way to a {@code uuid} column. It reads
 * the text's Latin-1 bytes ({@code String.getBytes(ISO_8859_1)}, a copy of a Latin-1 string's own
 * array, which turns every character beyond Latin-1 into {@code '?'}, a digit of no alphabet here),
 * faster than a {@code charAt} per character. It only tells valid text from invalid (an invalid
 * character, a hyphen out of place, a value beyond 128 bits gives {@code null}); saying what is
 * wrong is left to the checked decode ({@link Codec128#decode}), which runs only for text that is
 * not a valid body. Whatever the checked decode accepts, this reads to the same value, and the
 * other way round.
 */
final class OnePassDecoder {

	private OnePassDecoder() {
	}

	/**
	 * Returns the value of the body that starts at {@code off}; the caller has checked that the
	 * text is long enough.
	 * @param latin1 the text's Latin-1 bytes
	 * @return the value, or {@code null} if the text there is not a body of the codec
	 */
	static @Nullable UUID read(Codec128 codec, Alphabet alphabet, byte[] latin1, int off) {
		byte[] table = alphabet.table();
		return switch (codec) {
			case CROCKFORD_LOWER, CROCKFORD_UPPER -> crockford(table, latin1, off);
			case HEX_LOWER, HEX_UPPER -> hex(alphabet, latin1, off);
			case CANONICAL -> canonical(table, latin1, off);
			case BASE36 -> radix(table, 36, 25, latin1, off);
			case BASE62 -> radix(table, 62, 22, latin1, off);
		};
	}

	/** The value of a byte in an alphabet's table of all 256, or -1. */
	private static int digit(byte[] table, byte b) {
		return table[b & 0xFF];
	}

	/**
	 * 26 digits of 5 bits, 130 bits in all: the first digit carries 3 (ULID spec, TypeID spec: a
	 * first digit above 7 is out of range), digit 13 straddles the two halves.
	 */
	private static @Nullable UUID crockford(byte[] table, byte[] text, int off) {
		int first = digit(table, text[off]);
		// negative when a digit is invalid (-1) or the first exceeds 7
		int invalid = first | (7 - first);
		long high = first;
		for (int i = 1; i < 13; i++) {
			int d = digit(table, text[off + i]);
			invalid |= d;
			high = (high << 5) | d;
		}
		int middle = digit(table, text[off + 13]);
		invalid |= middle;
		high = (high << 1) | (middle >>> 4);
		long low = middle & 0xF;
		for (int i = 14; i < 26; i++) {
			int d = digit(table, text[off + i]);
			invalid |= d;
			low = (low << 5) | d;
		}
		return (invalid < 0) ? null : new UUID(high, low);
	}

	/** 32 hex digits: a 128-bit value of any codec, or of a body of hex digits ({@link PackedBody}). */
	static @Nullable UUID hex(Alphabet alphabet, byte[] text, int off) {
		byte[] table = alphabet.table();
		int invalid = 0;
		long high = 0;
		long low = 0;
		for (int i = 0; i < 16; i++) {
			int h = digit(table, text[off + i]);
			int l = digit(table, text[off + 16 + i]);
			invalid |= h | l;
			high = (high << 4) | h;
			low = (low << 4) | l;
		}
		return (invalid < 0) ? null : new UUID(high, low);
	}

	/** RFC 9562's 8-4-4-4-12 form: 32 hex digits with hyphens at 8, 13, 18 and 23. */
	private static @Nullable UUID canonical(byte[] table, byte[] text, int off) {
		int invalid = 0;
		long high = 0;
		long low = 0;
		for (int i = 0; i < 36; i++) {
			byte c = text[off + i];
			if (i == 8 || i == 13 || i == 18 || i == 23) {
				invalid |= -((c & 0xFF) ^ '-');
				continue;
			}
			int d = digit(table, c);
			invalid |= d;
			if (i < 18) {
				high = (high << 4) | d;
			}
			else {
				low = (low << 4) | d;
			}
		}
		return (invalid < 0) ? null : new UUID(high, low);
	}

	/**
	 * Fixed-width digits of a radix that is no power of two, accumulated as an unsigned 128-bit
	 * number: {@code value * radix + digit} per character, with the carries between the halves
	 * and any overflow beyond 128 bits (the widest bodies spell numbers above 2^128 - 1) noted.
	 */
	private static @Nullable UUID radix(byte[] table, int radix, int width, byte[] text, int off) {
		int invalid = 0;
		long overflow = 0;
		long high = 0;
		long low = 0;
		for (int i = 0; i < width; i++) {
			int d = digit(table, text[off + i]);
			invalid |= d;
			// the top 64 bits of the unsigned products low * radix and high * radix (radix < 2^63)
			long lowCarry = Math.multiplyHigh(low, radix) + ((low >> 63) & radix);
			overflow |= Math.multiplyHigh(high, radix) + ((high >> 63) & radix);
			long lowProduct = low * radix;
			low = lowProduct + (d & 0xFF);
			long carry = (Long.compareUnsigned(low, lowProduct) < 0) ? 1 : 0;
			long highProduct = high * radix;
			high = highProduct + lowCarry + carry;
			// the sum wrapped past 2^64 when it came out below the product it started from
			overflow |= (Long.compareUnsigned(high, highProduct) < 0) ? 1 : 0;
		}
		return (invalid < 0 || overflow != 0) ? null : new UUID(high, low);
	}

}
