package io.github.timesortedid.insert;

import java.time.Duration;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * The transactions of {@link RetrySafeInserter}'s attempts: each attempt's write, and the read of
 * the stored row after a duplicate key, in a new transaction limited by the attempt timeout.
 */
final class AttemptTransactions {

	private final PlatformTransactionManager transactionManager;

	private final DefaultTransactionDefinition writes = new DefaultTransactionDefinition(
			TransactionDefinition.PROPAGATION_REQUIRES_NEW);

	/**
	 * The first attempt of an ID made by this call: no other transaction can hold a lock on a key
	 * nobody else knows yet, so it needs no statement timeout (which costs PgJDBC a timer task per
	 * statement, some 8% of a single-row insert).
	 */
	private final DefaultTransactionDefinition freshWrites = new DefaultTransactionDefinition(
			TransactionDefinition.PROPAGATION_REQUIRES_NEW);

	private final DefaultTransactionDefinition reads = new DefaultTransactionDefinition(
			TransactionDefinition.PROPAGATION_REQUIRES_NEW);

	private final PersistenceExceptionTranslator translator;

	/**
	 * The transactions of one inserter.
	 * @param translator turns what the persistence layer throws into Spring's types (Hibernate's JPA
	 * dialect; nothing for Spring Data JDBC, whose template throws them already)
	 */
	AttemptTransactions(PlatformTransactionManager transactionManager, Duration attemptTimeout,
			PersistenceExceptionTranslator translator) {
		this.transactionManager = transactionManager;
		this.translator = translator;
		int timeout = (int) Math.max(1, (attemptTimeout.toMillis() + 999) / 1000);
		this.writes.setTimeout(timeout);
		this.reads.setTimeout(timeout);
		this.reads.setReadOnly(true);
	}

	/**
	 * Runs an attempt's writes in a new transaction.
	 * @param fresh whether every ID the attempt writes was made by this call just now, so that no
	 * other transaction can hold a lock on it
	 * @param work the writes
	 */
	void write(boolean fresh, Runnable work) {
		inTransaction(fresh ? this.freshWrites : this.writes, () -> {
			work.run();
			return null;
		});
	}

	/**
	 * Runs a read in a new read-only transaction.
	 * @param <R> the result type
	 * @param work the read
	 * @return its result
	 */
	<R extends @Nullable Object> R read(Supplier<R> work) {
		return inTransaction(this.reads, work);
	}

	/**
	 * Translates a persistence failure to Spring's {@link DataAccessException} types, as a
	 * repository would.
	 * @param ex the failure
	 * @return the translated failure, or the failure itself if it has no translation
	 */
	RuntimeException translate(RuntimeException ex) {
		if (ex instanceof DataAccessException) {
			return ex;
		}
		@Nullable DataAccessException translated = this.translator.translateExceptionIfPossible(ex);
		return (translated != null) ? translated : ex;
	}

	/**
	 * Runs work in a new transaction. Unlike {@code TransactionTemplate}, a failed rollback (the
	 * connection is gone) never replaces the work's own exception, which is what says whether
	 * another attempt makes sense; it is attached as suppressed.
	 */
	private <R extends @Nullable Object> R inTransaction(TransactionDefinition definition, Supplier<R> work) {
		TransactionStatus status = this.transactionManager.getTransaction(definition);
		R result;
		try {
			result = work.get();
		}
		catch (RuntimeException | Error ex) {
			try {
				this.transactionManager.rollback(status);
			}
			catch (RuntimeException rollbackFailure) {
				ex.addSuppressed(rollbackFailure);
			}
			throw ex;
		}
		this.transactionManager.commit(status);
		return result;
	}

}
