package io.github.timesortedid.id;

/**
 * Where generators draw their random bits. {@link #secure()} (the default) is a CSPRNG;
 * {@link #fast()} uses {@link java.util.concurrent.ThreadLocalRandom}. Implementations must be
 * thread-safe.
 */
public interface RandomSource {

	/**
	 * Returns 64 random bits.
	 * @return a random long
	 */
	long nextLong();

	/**
	 * Tells whether the bits are fit for secrets such as tokens (see the {@code random} algorithm,
	 * which always draws from a secure source).
	 * @return true for a cryptographically secure source
	 */
	default boolean isSecure() {
		return false;
	}

	/**
	 * Returns the shared cryptographically secure source: AES-256 in counter mode (built like NIST's
	 * CTR_DRBG, keyed and periodically reseeded from the JDK's {@code DRBG}), in stripes picked by
	 * the calling thread and read through per-thread buffers, so that no call takes a global lock.
	 * @return the secure source
	 */
	static RandomSource secure() {
		return SecureRandomSource.INSTANCE;
	}

	/**
	 * Returns a fast, non-cryptographic source backed by {@code ThreadLocalRandom}.
	 * @return the fast source
	 */
	static RandomSource fast() {
		return FastRandomSource.INSTANCE;
	}

}
