package io.github.timesortedid.id;

/**
 * Lets a generator whose uniqueness across instances rests on a leased node ID ({@code snowflake},
 * {@code couchdb-utc-id}) refuse to make IDs once the lease can no longer be trusted, and start
 * above every ID the node's earlier holders may have made.
 */
public interface LeaseGuard {

	/**
	 * Returns the leased node ID.
	 * @return 0 to 1023
	 */
	int nodeId();

	/**
	 * Returns the {@code couchdb-utc-id} suffix this lease stands for: {@code @} and the node in
	 * three hex digits, so every instance's suffix has the same length.
	 * @return the suffix, e.g. {@code @07f}
	 */
	default String suffix() {
		return String.format(java.util.Locale.ROOT, "@%03x", nodeId());
	}

	/**
	 * Returns the highest Unix millisecond the node's earlier holders may have put in an ID; a
	 * generator makes its IDs above it (borrowing ahead, as after a clock step back, if its clock is
	 * behind).
	 * @return the node's high-water mark when this holder took the node
	 */
	long highWaterMark();

	/**
	 * Checks that the lease allows an ID with the given timestamp, and records the timestamp as
	 * used, so that the node's next holder starts above it.
	 * @param epochMillis the Unix millisecond the ID carries (already read, so the check costs no
	 * clock read)
	 * @throws IdGenerationException if the lease has expired or was lost, or does not reach that far
	 * and cannot be extended at once
	 */
	void use(long epochMillis);

}
