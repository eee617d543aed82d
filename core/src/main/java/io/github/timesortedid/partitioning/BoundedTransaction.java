package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A PostgreSQL transaction of the maintenance that takes every lock it needs first and then holds
 * them for at most the lock timeout, from its first attempt on: each statement runs under a
 * {@code statement_timeout} and a {@code lock_timeout} of the time left
 * (https://www.postgresql.org/docs/current/runtime-config-client.html), so that writers the locks
 * keep waiting wait no longer than that; past it, the transaction is rolled back.
 * <p>
 * The locks are taken in the order the application's inserts take them (the tables that reference
 * these before them, the tables these reference after), so that no lock is upgraded or added
 * half-way. Each attempt waits at most {@link #LOCK_ATTEMPT} for a lock, less than PostgreSQL's
 * default {@code deadlock_timeout}: an application transaction that takes the same locks in
 * another order (an order and its payment in one transaction) then never waits for this one long
 * enough to be cancelled as a deadlock's victim; the locks are let go, and taken again after a
 * pause, until the time is up.
 */
final class BoundedTransaction {

	/** SQLSTATE query_canceled, which a statement timeout raises. */
	private static final String QUERY_CANCELED = "57014";

	/** SQLSTATE lock_not_available, which a lock timeout raises. */
	private static final String LOCK_NOT_AVAILABLE = "55P03";

	/** The longest one attempt waits for one of its locks. */
	private static final Duration LOCK_ATTEMPT = Duration.ofMillis(200);

	private final Connection connection;

	private final PartitionDialect.Ddl ddl;

	private final long deadline;

	BoundedTransaction(Connection connection, PartitionDialect.Ddl ddl) {
		this.connection = connection;
		this.ddl = ddl;
		this.deadline = System.nanoTime() + ddl.lockTimeout().toNanos();
	}

	/** Tells whether a failure is the end of the time: a statement or lock timeout. */
	static boolean timedOut(SQLException ex) {
		return QUERY_CANCELED.equals(ex.getSQLState()) || LOCK_NOT_AVAILABLE.equals(ex.getSQLState());
	}

	/**
	 * Takes the locks, {@code LOCK TABLE} of each table (as SQL, {@code only} in front for its
	 * partitions left out) in its mode, in order, then runs the work and commits.
	 */
	void run(Map<String, String> locks, Work work) throws SQLException {
		while (true) {
			boolean locking = true;
			boolean autoCommit = this.connection.getAutoCommit();
			this.connection.setAutoCommit(false);
			try {
				for (Map.Entry<String, String> lock : locks.entrySet()) {
					// a lock timeout below the statement timeout: PostgreSQL would otherwise cancel the
					// statement (57014) before the lock wait ends (55P03), and the attempt could not tell
					// a lock it may try again for from the end of the time
					timeouts(left(), Math.min(left() - 1, LOCK_ATTEMPT.toMillis()));
					PartitionDialect.execute(this.connection, "lock table " + lock.getKey() + " in " + lock.getValue() + " mode");
				}
				locking = false;
				work.run();
				this.connection.commit();
				return;
			}
			catch (SQLException | RuntimeException ex) {
				this.connection.rollback();
				if (!locking || !(ex instanceof SQLException sql) || !LOCK_NOT_AVAILABLE.equals(sql.getSQLState())
						|| left() <= LOCK_ATTEMPT.toMillis()) {
					throw ex;
				}
			}
			finally {
				this.connection.setAutoCommit(autoCommit);
			}
			pause();
		}
	}

	/** Runs a statement of the work, logged, with what is left of the time as its timeouts; returns the rows it changed. */
	long execute(String statement) throws SQLException {
		timeouts(left(), left());
		return this.ddl.update(this.connection, statement);
	}

	private void timeouts(long statement, long lock) throws SQLException {
		if (statement <= 0 || lock <= 0) {
			throw new SQLException("the time is up", QUERY_CANCELED);
		}
		PartitionDialect.query(this.connection, "select set_config('statement_timeout', ?, true), "
				+ "set_config('lock_timeout', ?, true)", Long.toString(statement), Long.toString(lock));
	}

	/** The milliseconds left. */
	private long left() {
		return (this.deadline - System.nanoTime()) / 1_000_000;
	}

	private static void pause() throws SQLException {
		try {
			Thread.sleep(ThreadLocalRandom.current().nextLong(10, 50));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SQLException("interrupted", QUERY_CANCELED, ex);
		}
	}

	/** Statements run in the transaction. */
	@FunctionalInterface
	interface Work {

		void run() throws SQLException;

	}

}
