package io.github.timesortedid.model;

import java.sql.SQLException;

import io.github.timesortedid.config.PropertyNames;
import org.jspecify.annotations.Nullable;

/**
 * Thrown at startup when a check could not read the database's catalog (the schema check, the
 * partition check, the shards' check): it names the check and the shard or table it read, the
 * cause, how many attempts were made and whether the cause was transient, and says what to do.
 */
public class StartupCheckException extends TimeSortedIdConfigurationException {

	private static final long serialVersionUID = 1L;

	private final int attempts;

	private final @Nullable Boolean transientFailure;

	/**
	 * Creates an exception.
	 * @param check what ran, e.g. {@code "The shards' check, on shard ds_1,"}
	 * @param attempts how many attempts were made
	 * @param transientFailure whether the last failure was transient, so that more time might have helped;
	 * {@code null} if the reads were not tried again whatever the failure ({@link StartupRetry#ONCE})
	 * @param cause the last failure
	 */
	public StartupCheckException(String check, int attempts, @Nullable Boolean transientFailure, SQLException cause) {
		super(check + " could not read the database: " + cause.getMessage() + " (SQLState " + cause.getSQLState() + ", "
				+ ((attempts == 1) ? "1 attempt" : attempts + " attempts")
				+ ((transientFailure == null) ? "" : transientFailure ? ", a transient failure" : ", not a transient failure")
				+ ").",
				Boolean.TRUE.equals(transientFailure) ? "Check that the database is reachable and answers within the driver's timeouts, or give "
						+ "the start-up checks more time with " + PropertyNames.SCHEMA_CHECK_RETRY_TIMEOUT + "."
						: "Fix the cause, or set " + PropertyNames.SCHEMA_CHECK_ENABLED + "=false to skip the start-up checks.",
				cause);
		this.attempts = attempts;
		this.transientFailure = transientFailure;
	}

	/**
	 * Returns how many attempts were made.
	 * @return 1 or more
	 */
	public int getAttempts() {
		return this.attempts;
	}

	/**
	 * Returns whether the last failure was transient, as the retry judged it.
	 * @return true for a timeout or a lost connection; {@code null} if the reads were not tried again whatever the failure
	 */
	public @Nullable Boolean isTransientFailure() {
		return this.transientFailure;
	}

}
