package io.github.timesortedid.model;

import java.sql.Connection;
import java.sql.SQLException;

import org.jspecify.annotations.Nullable;

/**
 * How the start-up checks (the schema check, the partition check, the shards' check) run their reads
 * of the database's catalog: {@link #ONCE} reads once and fails start-up on any failure; the Spring
 * Boot starter's tries again after a transient failure (a timeout, a lost connection) within
 * {@code time-sorted-id.schema-check.retry-timeout}, each attempt on a connection of its own, since
 * a read that timed out leaves its connection broken.
 */
public interface StartupRetry {

	/** Reads once: plain Hibernate's way, and that of settings built without a retry. */
	StartupRetry ONCE = new StartupRetry() {

		@Override
		public <T extends @Nullable Object> T run(String check, Attempt<T> attempt) {
			try {
				return attempt.run();
			}
			catch (SQLException ex) {
				throw new StartupCheckException(check, 1, null, ex);
			}
		}

	};

	/**
	 * Runs a check's reads, again after a transient failure if this retry says so.
	 * @param <T> what the reads give
	 * @param check what runs, as messages name it, e.g. {@code "The schema check"}
	 * @param attempt one attempt of the reads
	 * @return what the successful attempt gave
	 * @throws StartupCheckException once the reads failed for good: a failure that is not transient,
	 * or a transient one past the time allowed
	 */
	<T extends @Nullable Object> T run(String check, Attempt<T> attempt);

	/**
	 * Runs a check's reads on connections of a source, a fresh one for each attempt: a connection
	 * that could not be had is a failure like any other, transient if the network is.
	 * @param <T> what the reads give
	 * @param check what runs, as messages name it
	 * @param connections where the connections come from
	 * @param read the reads, on one connection
	 * @return what the successful attempt gave
	 * @throws StartupCheckException once the reads failed for good
	 */
	default <T extends @Nullable Object> T read(String check, ConnectionSource connections, Read<T> read) {
		return run(check, () -> {
			Connection connection = connections.obtain();
			try {
				return read.read(connection);
			}
			finally {
				try {
					connections.release(connection);
				}
				catch (SQLException ex) {
					// the reads are done, or failed for a reason of their own; a failed release changes neither
				}
			}
		});
	}

	/**
	 * One attempt of a check's reads.
	 * @param <T> what it gives
	 */
	@FunctionalInterface
	interface Attempt<T extends @Nullable Object> {

		/**
		 * Runs the attempt.
		 * @return what it gives
		 * @throws SQLException if a read failed
		 */
		T run() throws SQLException;

	}

	/**
	 * A check's reads on one connection.
	 * @param <T> what they give
	 */
	@FunctionalInterface
	interface Read<T extends @Nullable Object> {

		/**
		 * Reads.
		 * @param connection the connection, which the caller gives back
		 * @return what the reads give
		 * @throws SQLException if a read failed
		 */
		T read(Connection connection) throws SQLException;

	}

}
