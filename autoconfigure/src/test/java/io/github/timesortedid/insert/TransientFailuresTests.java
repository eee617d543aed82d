package io.github.timesortedid.insert;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;

import jakarta.persistence.PersistenceException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.orm.jpa.JpaSystemException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.TransactionTimedOutException;

import static org.assertj.core.api.Assertions.assertThat;

class TransientFailuresTests {

	@Test
	void timeoutsLostConnectionsDeadlocksAndSerializationFailuresAreTransient() {
		assertThat(RetrySafeInserter.isTransient(new QueryTimeoutException("timeout"))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new PersistenceException(new SQLTimeoutException("timeout")))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new TransactionSystemException("commit failed",
				new PersistenceException(new SQLException("I/O error", "08006"))))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new CannotCreateTransactionException("refused",
				new SQLException("Connection refused", "08001")))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new CannotAcquireLockException("deadlock"))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new SQLException("deadlock detected", "40P01"))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new SQLException("could not serialize access", "40001"))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new SQLException("Deadlock found", "HY000", 1213))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new SQLException("Lock wait timeout exceeded", "HY000", 1205))).isTrue();
	}

	@Test
	void aFailureReportedAsTheNextExceptionOfAnotherIsFound() {
		// how ShardingSphere-JDBC's commit of several shards' connections reports them: an SQLException
		// with an empty message and no SQLSTATE, each shard's failure a next exception (JDBC's own chain)
		SQLException commitOfShards = new SQLException("");
		commitOfShards.setNextException(new SQLException("I/O error", "08006"));
		assertThat(RetrySafeInserter.isTransient(new TransactionSystemException("commit failed",
				new PersistenceException(commitOfShards)))).isTrue();
		SQLException notTransient = new SQLException("");
		notTransient.setNextException(new SQLException("value too long", "22001"));
		assertThat(RetrySafeInserter.isTransient(new PersistenceException(notTransient))).isFalse();
	}

	@Test
	void anAttemptWhoseTransactionTimedOutIsTransient() {
		// what Hibernate throws when the attempt's deadline passed while its INSERT waited on an orphan's lock
		assertThat(RetrySafeInserter.isTransient(
				new JpaSystemException(new org.hibernate.TransactionException("Transaction timeout expired")))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new TransactionTimedOutException("deadline passed"))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new SQLException("terminating connection due to idle-in-transaction timeout",
				"25P03"))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new SQLException("max_statement_time exceeded", "70100", 1969))).isTrue();
		assertThat(RetrySafeInserter.isTransient(new SQLException("canceling statement due to lock timeout", "55P03")))
			.isTrue();
	}

	@Test
	void aTransactionFailureCausedByAConstraintIsNot() {
		// a deferred constraint checked at commit: Hibernate's TransactionException with the database's error behind it
		assertThat(RetrySafeInserter.isTransient(new TransactionSystemException("commit failed",
				new org.hibernate.TransactionException("Unable to commit",
						new SQLException("violates foreign key constraint", "23503"))))).isFalse();
	}

	@Test
	void constraintViolationsAndOtherErrorsAreNot() {
		assertThat(RetrySafeInserter.isTransient(new DataIntegrityViolationException("unique",
				new SQLException("duplicate key", "23505")))).isFalse();
		assertThat(RetrySafeInserter.isTransient(new SQLException("syntax error", "42601"))).isFalse();
		assertThat(RetrySafeInserter.isTransient(new IllegalStateException("bug"))).isFalse();
	}

}
