package io.github.timesortedid.id;

import java.util.List;

/**
 * The {@code random} algorithm: {@code bits} bits from a CSPRNG as fixed-width base62, with no
 * time part, for session tokens and share links that must not be guessable. An ID that starts
 * with a timestamp and counts within it gives its neighbours away, so this is never for ordered
 * keys, and ordered algorithms are never for tokens.
 */
final class RandomTokenAlgorithm extends AbstractIdAlgorithm {

	static final int MIN_BITS = 128;

	static final int MAX_BITS = 256;

	private final RandomSource random;

	private final int bits;

	private final int limbs;

	private final long topLimbMask;

	private final int length;

	private final String what;

	/**
	 * Makes a token generator. Tokens are secrets (session or API keys), so they always draw from a
	 * cryptographically secure source: the given one if it is secure, else the shared secure source.
	 */
	static RandomTokenAlgorithm create(int bits, RandomSource random) {
		return new RandomTokenAlgorithm(bits, random.isSecure() ? random : RandomSource.secure());
	}

	RandomTokenAlgorithm(int bits, RandomSource random) {
		super(IdAlgorithms.RANDOM, bits + " bits", new BodyFormat(BaseN.BASE62.width(bits), Alphabet.BASE62));
		this.random = random;
		this.bits = bits;
		this.limbs = (bits + 31) / 32;
		int topBits = bits - 32 * (this.limbs - 1);
		this.topLimbMask = (1L << topBits) - 1;
		this.length = bodyLength();
		this.what = "a " + IdAlgorithms.RANDOM + " token of " + bits + " bits";
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
		decode(body);
	}

	/** The configured bits: the check refuses bodies above them. */
	@Override
	int valueBits() {
		return this.bits;
	}

	@Override
	public List<IdSegment> segments(CharSequence body) {
		return new IdSegment.Builder().random("random", this.bits, IdSegment.Builder.limbs(decode(body), 0, this.limbs))
			.build();
	}

	/** Checks a token and returns its bits as 32-bit limbs, most significant first. */
	private long[] decode(CharSequence body) {
		format().check(body, this.what);
		long[] value = new long[this.limbs];
		if (!BaseN.BASE62.decode(body, 0, this.length, value) || (value[0] & ~this.topLimbMask) != 0) {
			throw new InvalidIdException(body, this.what + " exceeds " + this.bits + " bits");
		}
		return value;
	}

}
