package io.github.timesortedid.id;

/**
 * Fixed-width encoding in a radix that is not a power of two (62, 36, 10). Numbers wider than 63
 * bits are held as 32-bit limbs in a {@code long[]}, most significant first; encoding divides by
 * the largest power of the radix below 2^31, so every step is plain {@code long} arithmetic.
 * Encoding passes the radix and that power to a static method as literals per radix: once the JIT
 * inlines it, every division is by a constant and becomes a multiplication, where a division by a
 * field would cost a hardware divide per digit.
 */
final class BaseN {

	static final BaseN BASE62 = new BaseN(Alphabet.BASE62);

	static final BaseN BASE36 = new BaseN(Alphabet.BASE36);

	static final BaseN DECIMAL = new BaseN(Alphabet.DECIMAL);

	private static final long LIMB_MASK = 0xFFFF_FFFFL;

	private final Alphabet alphabet;

	private final int radix;

	private final long chunk;

	private final int chunkDigits;

	private BaseN(Alphabet alphabet) {
		this.alphabet = alphabet;
		this.radix = alphabet.radix();
		long power = 1;
		int digits = 0;
		while (power * this.radix < (1L << 31)) {
			power *= this.radix;
			digits++;
		}
		this.chunk = power;
		this.chunkDigits = digits;
	}

	/** The encoding for an alphabet: the shared one of base 62, 36 or 10, else a new one. */
	static BaseN of(Alphabet alphabet) {
		for (BaseN known : new BaseN[] { BASE62, BASE36, DECIMAL }) {
			if (known.alphabet == alphabet) {
				return known;
			}
		}
		return new BaseN(alphabet);
	}

	Alphabet alphabet() {
		return this.alphabet;
	}

	/** The number of digits needed for every value of {@code bits} bits. */
	int width(int bits) {
		return (int) Math.ceil(bits / (Math.log(this.radix) / Math.log(2)) - 1e-9);
	}

	/** Writes a non-negative {@code value} as exactly {@code width} digits. */
	void encode(long value, byte[] dst, int off, int width) {
		switch (this.radix) {
			case 62:
				encodeLong(value, dst, off, width, 62, this.alphabet);
				break;
			case 36:
				encodeLong(value, dst, off, width, 36, this.alphabet);
				break;
			default:
				encodeLong(value, dst, off, width, this.radix, this.alphabet);
		}
	}

	private static void encodeLong(long value, byte[] dst, int off, int width, int radix, Alphabet alphabet) {
		for (int i = off + width - 1; i >= off; i--) {
			dst[i] = alphabet.encode((int) (value % radix));
			value /= radix;
		}
	}

	/**
	 * Decodes {@code width} digits (already checked against the alphabet) into a non-negative long,
	 * or returns -1 when the value does not fit in 63 bits.
	 */
	long decode(CharSequence text, int off, int width) {
		long value = 0;
		for (int i = off; i < off + width; i++) {
			int digit = this.alphabet.decode(text.charAt(i));
			if (value > (Long.MAX_VALUE - digit) / this.radix) {
				return -1;
			}
			value = value * this.radix + digit;
		}
		return value;
	}

	/** Writes the limbs as exactly {@code width} digits; the limbs are consumed. */
	void encode(long[] limbs, byte[] dst, int off, int width) {
		switch (this.radix) {
			case 62:
				encodeLimbs(limbs, dst, off, width, 62, 916_132_832L /* 62^5 */, 5, this.alphabet);
				break;
			case 36:
				encodeLimbs(limbs, dst, off, width, 36, 60_466_176L /* 36^5 */, 5, this.alphabet);
				break;
			default:
				encodeLimbs(limbs, dst, off, width, this.radix, this.chunk, this.chunkDigits, this.alphabet);
		}
	}

	private static void encodeLimbs(long[] limbs, byte[] dst, int off, int width, int radix, long chunk,
			int chunkDigits, Alphabet alphabet) {
		int pos = off + width;
		while (pos > off) {
			long remainder = 0;
			for (int i = 0; i < limbs.length; i++) {
				long current = (remainder << 32) | limbs[i];
				long quotient = current / chunk;
				limbs[i] = quotient;
				remainder = current - quotient * chunk;
			}
			int digits = (int) remainder;
			for (int d = 0; d < chunkDigits && pos > off; d++) {
				int next = digits / radix;
				dst[--pos] = alphabet.encode(digits - next * radix);
				digits = next;
			}
		}
	}

	/**
	 * Decodes {@code width} digits (already checked against the alphabet) into the limbs, which must
	 * be zero on entry. Returns false if the value does not fit in the limbs.
	 */
	boolean decode(CharSequence text, int off, int width, long[] limbs) {
		for (int i = off; i < off + width; i++) {
			long carry = this.alphabet.decode(text.charAt(i));
			for (int j = limbs.length - 1; j >= 0; j--) {
				long current = limbs[j] * this.radix + carry;
				limbs[j] = current & LIMB_MASK;
				carry = current >>> 32;
			}
			if (carry != 0) {
				return false;
			}
		}
		return true;
	}

	static long[] limbs(long high, long low) {
		return new long[] { high >>> 32, high & LIMB_MASK, low >>> 32, low & LIMB_MASK };
	}

	static long high(long[] limbs, int from) {
		return (limbs[from] << 32) | limbs[from + 1];
	}

}
