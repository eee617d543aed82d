package io.github.timesortedid.id;

/**
 * Random tokens (seed 004, "IDs vs authorization tokens"): {@code bits} bits from a CSPRNG as
 * fixed-width base62, with no time part, for session tokens and share links that must not be
 * guessable. Never for ordered keys.
 */
final class RandomTokenAlgorithm implements IdAlgorithm {

	static final int MIN_BITS = 128;

	static final int MAX_BITS = 256;

	private final RandomSource random;

	private final int bits;

	private final int limbs;

	private final long topLimbMask;

	private final int length;

	RandomTokenAlgorithm(int bits, RandomSource random) {
		if (!random.isSecure()) {
			throw new IllegalArgumentException("random tokens need a secure random source, not " + random);
		}
		this.random = random;
		this.bits = bits;
		this.limbs = (bits + 31) / 32;
		int topBits = bits - 32 * (this.limbs - 1);
		this.topLimbMask = (1L << topBits) - 1;
		this.length = BaseN.BASE62.width(bits);
	}

	@Override
	public String name() {
		return IdAlgorithms.RANDOM;
	}

	@Override
	public int bodyLength() {
		return this.length;
	}

	@Override
	public boolean isCaseSensitive() {
		return true;
	}

	@Override
	public boolean isBodyCharacter(char c) {
		return Alphabet.BASE62.contains(c);
	}

	@Override
	public void writeBody(byte[] dst, int offset) {
		long[] value = new long[this.limbs];
		long bitsLeft = 0;
		for (int i = 0; i < this.limbs; i++) {
			if ((i & 1) == 0) {
				bitsLeft = this.random.nextLong();
				value[i] = bitsLeft >>> 32;
			}
			else {
				value[i] = bitsLeft & 0xFFFF_FFFFL;
			}
		}
		value[0] &= this.topLimbMask;
		BaseN.BASE62.encode(value, dst, offset, this.length);
	}

	@Override
	public void validateBody(CharSequence body) {
		String what = "a " + name() + " token of " + this.bits + " bits";
		BodyChecks.requireLength(body, this.length, what);
		BodyChecks.requireDigits(body, 0, this.length, Alphabet.BASE62, what);
		long[] value = new long[this.limbs];
		if (!BaseN.BASE62.decode(body, 0, this.length, value) || (value[0] & ~this.topLimbMask) != 0) {
			throw new InvalidIdException(body, what + " exceeds " + this.bits + " bits");
		}
	}

	@Override
	public String toString() {
		return name() + " (" + this.bits + " bits)";
	}

}
