package io.github.timesortedid.insert;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.springframework.core.retry.RetryException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionTimedOutException;

/**
 * Decides whether a failed attempt may have failed for a passing reason, so that trying again with
 * the same ID is right: a timeout, a lost or refused connection, a deadlock or a serialization
 * failure. Looks through the whole cause chain, because JPA, Hibernate and Spring each wrap the
 * driver's exception. Needs neither JPA nor Hibernate (what only Hibernate throws is judged by
 * {@code HibernateFailures}), so that the start-up checks of a Spring Data JDBC application judge
 * their failures by it too.
 */
public final class TransientFailures {

	/**
	 * SQLSTATEs of idle-transaction timeouts, deadlocks, serialization failures, lock and statement
	 * timeouts, cancelled or interrupted statements.
	 */
	private static final Set<String> TRANSIENT_STATES = Set.of("25P03", "40001", "40P01", "55P03", "57014", "57P01", "70100", "HYT00",
			"HYT01");

	/**
	 * MySQL/MariaDB error codes: lock wait timeout, deadlock, statement timeout (MariaDB's
	 * max_statement_time, MySQL's max_execution_time), server gone, lost connection.
	 */
	private static final Set<Integer> TRANSIENT_MYSQL_CODES = Set.of(1205, 1213, 1969, 3024, 2006, 2013);

	private TransientFailures() {
	}

	/**
	 * Tells whether a failure, or one of its causes, is a passing one: another attempt may succeed.
	 * @param failure the failure
	 * @return true if another attempt may succeed
	 */
	public static boolean isTransient(Throwable failure) {
		return causes(failure).anyMatch(cause -> cause instanceof UnknownOutcomeException
				|| cause instanceof SQLTransientException || cause instanceof SQLRecoverableException
				|| cause instanceof TransientDataAccessException || cause instanceof RecoverableDataAccessException
				|| cause instanceof CannotCreateTransactionException
				|| (cause instanceof SQLException sql && isTransient(sql))
				// the attempt's transaction timed out (its deadline passed while a statement waited on a lock)
				|| cause instanceof TransactionTimedOutException);
	}

	/**
	 * A failure and its causes, outermost first: JPA, Hibernate and Spring each wrap the driver's
	 * exception, so what a failure means is found down the chain, and down the next exceptions of an
	 * {@link SQLException}.
	 */
	static Stream<Throwable> causes(Throwable failure) {
		List<Throwable> causes = new ArrayList<>();
		Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		Deque<Throwable> next = new ArrayDeque<>(List.of(failure));
		while (!next.isEmpty()) {
			Throwable cause = next.poll();
			if (!seen.add(cause)) {
				continue;
			}
			causes.add(cause);
			if (cause.getCause() != null) {
				next.add(cause.getCause());
			}
			// JDBC's own chain: a failure that stands for several (ShardingSphere-JDBC's commit of several
			// shards throws an SQLException with no SQLSTATE, each shard's failure its next exception)
			if (cause instanceof SQLException sql && sql.getNextException() != null) {
				next.add(sql.getNextException());
			}
		}
		return causes.stream();
	}

	private static boolean isTransient(SQLException ex) {
		String state = ex.getSQLState();
		return (state != null && (state.startsWith("08") || TRANSIENT_STATES.contains(state)))
				|| TRANSIENT_MYSQL_CODES.contains(ex.getErrorCode());
	}

	/**
	 * The failure a retry gave up on, as the caller of an insert sees it: an unknown outcome's own
	 * cause, an unchecked failure as it was.
	 */
	static RuntimeException gaveUp(RetryException ex) {
		Throwable last = ex.getLastException();
		if (last instanceof UnknownOutcomeException) {
			last = last.getCause();
		}
		if (last instanceof RuntimeException runtime) {
			return runtime;
		}
		if (last instanceof Error error) {
			throw error;
		}
		return new IllegalStateException(last);
	}

	/**
	 * An attempt whose outcome is unknown: its ID was taken, and reading the row that holds it
	 * failed. Worth another attempt, which will find out.
	 */
	static final class UnknownOutcomeException extends RuntimeException {

		private static final long serialVersionUID = 1L;

		UnknownOutcomeException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
