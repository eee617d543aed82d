package io.github.timesortedid.id;

/**
 * Lets a generator whose uniqueness across instances rests on a leased node ID ({@code snowflake},
 * {@code couchdb-utc-id}) refuse to make IDs once the lease can no longer be trusted.
 */
public interface LeaseGuard {

	/**
	 * Checks that the lease is still held at the given time.
	 * @param epochMillis the generator's current time in Unix milliseconds (already read, so the
	 * check costs no clock read)
	 * @throws IdGenerationException if the lease has expired or was lost
	 */
	void check(long epochMillis);

}
