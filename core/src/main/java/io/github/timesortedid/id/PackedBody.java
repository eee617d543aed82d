package io.github.timesortedid.id;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * A body of digits stored as the unsigned number they spell, in the fewest whole bytes that hold
 * every valid body. Digits are fixed width and every alphabet here is in ascending ASCII order, so
 * the number's order is the text's order. Hexadecimal bodies pack two digits to a byte; the others
 * go through 32-bit limbs ({@link BaseN}).
 *
 * @param format the text form of the bodies: digits only
 * @param length the number of bytes
 * @param largest the largest number the body's digits spell, as {@code length} bytes, when some
 * values of that many bytes are larger; else {@code null}
 */
record PackedBody(BodyFormat format, int length, byte @Nullable [] largest) implements BinaryBody {

	/**
	 * Packs the bodies of a format whose valid values take {@code bits} bits.
	 * @param format digits only
	 * @param bits the width of the largest valid value
	 */
	static PackedBody of(BodyFormat format, int bits) {
		int length = (bits + 7) / 8;
		BigInteger largest = BigInteger.valueOf(format.alphabet().radix()).pow(format.length()).subtract(BigInteger.ONE);
		if (largest.compareTo(BigInteger.ONE.shiftLeft(8 * length).subtract(BigInteger.ONE)) >= 0) {
			return new PackedBody(format, length, null); // the digits spell every value of the bytes
		}
		byte[] bytes = largest.toByteArray();
		byte[] fixed = new byte[length];
		int copied = Math.min(bytes.length, length);
		System.arraycopy(bytes, bytes.length - copied, fixed, length - copied, copied);
		return new PackedBody(format, length, fixed);
	}

	/** The bits every text of {@code length} digits may need: the body as a whole number. */
	static int wholeNumberBits(BodyFormat format) {
		return (int) Math.ceil(format.length() * (Math.log(format.alphabet().radix()) / Math.log(2)) - 1e-9);
	}

	private boolean isHex() {
		return this.format.alphabet().radix() == 16 && this.format.length() == 2 * this.length;
	}

	/** Bodies of 32 hex digits (the CouchDB algorithms) have the one-pass read of their 16 bytes. */
	@Override
	public @Nullable UUID readUuid(byte[] latin1, int off) {
		return (isHex() && this.length == 16) ? OnePassDecoder.hex(this.format.alphabet(), latin1, off) : null;
	}

	@Override
	public void write(CharSequence body, byte[] dst, int off) {
		Alphabet alphabet = this.format.alphabet();
		if (isHex()) {
			for (int i = 0; i < this.length; i++) {
				dst[off + i] = (byte) ((alphabet.decode(body.charAt(2 * i)) << 4) | alphabet.decode(body.charAt(2 * i + 1)));
			}
			return;
		}
		long[] limbs = new long[(this.length + 3) / 4];
		if (!BaseN.of(alphabet).decode(body, 0, this.format.length(), limbs)) {
			throw new InvalidIdException(body, "the body exceeds " + (8 * this.length) + " bits");
		}
		int skip = 4 * limbs.length - this.length;
		for (int j = 0; j < skip; j++) {
			if (byteOf(limbs, j) != 0) {
				throw new InvalidIdException(body, "the body exceeds " + (8 * this.length) + " bits");
			}
		}
		for (int i = 0; i < this.length; i++) {
			dst[off + i] = byteOf(limbs, skip + i);
		}
	}

	/** Byte {@code j} of the limbs, counting from the most significant. */
	private static byte byteOf(long[] limbs, int j) {
		return (byte) (limbs[j / 4] >>> (8 * (3 - j % 4)));
	}

	@Override
	public void read(byte[] src, int srcOff, byte[] dst, int dstOff) {
		Alphabet alphabet = this.format.alphabet();
		if (isHex()) {
			for (int i = 0; i < this.length; i++) {
				dst[dstOff + 2 * i] = alphabet.encode((src[srcOff + i] >>> 4) & 0xF);
				dst[dstOff + 2 * i + 1] = alphabet.encode(src[srcOff + i] & 0xF);
			}
			return;
		}
		if (this.largest != null && Arrays.compareUnsigned(src, srcOff, srcOff + this.length, this.largest, 0,
				this.length) > 0) {
			throw new InvalidIdException(null, "a stored value of " + this.length + " bytes exceeds the "
					+ this.format.length() + " digits of a body");
		}
		long[] limbs = new long[(this.length + 3) / 4];
		int skip = 4 * limbs.length - this.length;
		for (int i = 0; i < this.length; i++) {
			int position = skip + i;
			limbs[position / 4] |= (src[srcOff + i] & 0xFFL) << (8 * (3 - position % 4));
		}
		BaseN.of(alphabet).encode(limbs, dst, dstOff, this.format.length());
	}

}
