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
	 * Returns the shared cryptographically secure source: DRBG instances striped across threads,
	 * each read through a buffer, so that no call takes a global lock.
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
