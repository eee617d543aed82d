package io.github.timesortedid.insert;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.timesortedid.TypedIds;
import io.github.timesortedid.jdbc.TimeSortedIdBeforeConvertCallback;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.core.retry.Retryable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.jdbc.core.JdbcAggregateOperations;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Inserts Spring Data JDBC aggregates so that retrying is safe, as {@link RetrySafeInserter} does
 * for JPA entities: the {@code @TimeSortedId} IDs of the root and of the entities inside it are fixed
 * before the first attempt; each attempt inserts the whole aggregate with
 * {@link JdbcAggregateOperations#insert} in a transaction of its own, limited by the attempt
 * timeout, and transient failures are retried with the same IDs ({@code time-sorted-id.insert.*}).
 * A duplicate key loads the stored aggregate by its ID and compares it with the one being inserted
 * (see {@link AggregateComparison}): the same data answers "already existed", other data is an
 * {@link InsertConflictException} naming the differing properties. Inside a transaction the insert
 * joins it: the ID is looked up first, then the aggregate inserted; retrying is the transaction's.
 */
public final class RetrySafeAggregateInserter {

	private final JdbcAggregateOperations template;

	private final JdbcConverter converter;

	private final TimeSortedIdRegistry registry;

	private final TimeSortedIdBeforeConvertCallback ids;

	private final AggregateComparison comparison;

	private final AttemptTransactions transactions;

	private final RetryTemplate retries;

	private final InsertObserver observer;

	/**
	 * Creates an inserter.
	 * @param template the aggregate template the repositories use
	 * @param converter Spring Data JDBC's converter, with its mapping context
	 * @param jdbc the JDBC operations of the same data source, for the columns' digits in the catalog
	 * @param database the database, which says how it rounds fractions of a second
	 * @param transactionManager the transaction manager of that data source
	 * @param registry the {@code @TimeSortedId} registry
	 * @param ids the callback that gives the aggregate's {@code @TimeSortedId} attributes their values
	 * @param retryPolicy the bounds, backoff and exception filter of retries; see
	 * {@link #isTransient(Throwable)}
	 * @param attemptTimeout the longest one attempt's statements may take, in whole seconds
	 * @param observer told the outcome and attempts of every insert
	 */
	public RetrySafeAggregateInserter(JdbcAggregateOperations template, JdbcConverter converter, JdbcOperations jdbc,
			DatabaseKind database, PlatformTransactionManager transactionManager, TimeSortedIdRegistry registry,
			TimeSortedIdBeforeConvertCallback ids, RetryPolicy retryPolicy, Duration attemptTimeout,
			InsertObserver observer) {
		this.template = template;
		this.converter = converter;
		this.registry = registry;
		this.ids = ids;
		this.comparison = new AggregateComparison(converter, jdbc, database);
		// Spring Data JDBC and the JDBC transaction manager throw Spring's exception types already
		this.transactions = new AttemptTransactions(transactionManager, attemptTimeout, (ex) -> null);
		this.retries = Retries.logged(retryPolicy, RetrySafeAggregateInserter.class);
		this.observer = observer;
	}

	/**
	 * Inserts an aggregate, its embedded values and the entities inside it; outside a transaction
	 * retrying transient failures with the same IDs, inside one joining it.
	 * @param <T> the aggregate type
	 * @param aggregate a new aggregate; its {@code @TimeSortedId} attributes, and those of the entities
	 * inside it, are set now if they are not set
	 * @return the stored aggregate, and whether this call created it
	 * @throws InsertConflictException if an aggregate with the ID is stored with other data
	 * @throws io.github.timesortedid.id.InvalidIdException if an assigned ID is not valid
	 * @throws IllegalArgumentException if the aggregate root has no {@code @Id @TimeSortedId} attribute
	 * @throws DataAccessException any other failure, after the last attempt for transient ones
	 */
	public <T> InsertResult<T> insert(T aggregate) {
		IdField field = this.registry.identifierOf(aggregate.getClass())
			.orElseThrow(() -> new IllegalArgumentException(aggregate.getClass().getName()
					+ " has no @Id @TimeSortedId attribute; retry-safe inserts need an application-assigned ID"));
		RelationalPersistentEntity<?> entity = this.converter.getMappingContext()
			.getRequiredPersistentEntity(aggregate.getClass());
		boolean assigned = !field.isUnassigned(entity.getIdentifierAccessor(aggregate).getIdentifier());
		@SuppressWarnings("unchecked")
		T fixed = (T) this.ids.onBeforeConvert(aggregate);
		Object id = entity.getIdentifierAccessor(fixed).getRequiredIdentifier();
		String name = field.entityName() + " " + TypedIds.text(id);
		AtomicInteger attempts = new AtomicInteger();
		try {
			InsertResult<T> result = TransactionSynchronizationManager.isActualTransactionActive()
					? joined(fixed, id, field, attempts) : retried(fixed, id, field, name, assigned, attempts);
			this.observer.completed(field.entityName(),
					result.created() ? InsertObserver.Outcome.CREATED : InsertObserver.Outcome.ALREADY_EXISTED,
					result.attempts());
			return result;
		}
		catch (InsertConflictException ex) {
			this.observer.completed(field.entityName(), InsertObserver.Outcome.CONFLICT, Math.max(1, attempts.get()));
			throw ex;
		}
		catch (RuntimeException | Error ex) {
			this.observer.completed(field.entityName(), InsertObserver.Outcome.FAILED, Math.max(1, attempts.get()));
			throw ex;
		}
	}

	private <T> InsertResult<T> retried(T aggregate, Object id, IdField field, String name, boolean assigned,
			AtomicInteger attempts) {
		Retryable<InsertResult<T>> attempt = new Retryable<>() {

			@Override
			public InsertResult<T> execute() {
				return attempt(aggregate, id, field, name, assigned, attempts.incrementAndGet());
			}

			@Override
			public String getName() {
				return "Insert of " + name;
			}

		};
		try {
			return this.retries.execute(attempt);
		}
		catch (RetryException ex) {
			throw TransientFailures.gaveUp(ex);
		}
	}

	private <T> InsertResult<T> attempt(T aggregate, Object id, IdField field, String name, boolean assigned,
			int attempt) {
		AtomicReference<T> inserted = new AtomicReference<>();
		try {
			// the first attempt of an ID made just now cannot meet another transaction's lock on it
			this.transactions.write(attempt == 1 && !assigned, () -> inserted.set(this.template.insert(aggregate)));
			return new InsertResult<>(inserted.get(), true, attempt);
		}
		catch (RuntimeException ex) {
			if (!isUniqueViolation(ex)) {
				throw ex;
			}
			@Nullable T stored;
			try {
				stored = this.transactions.read(() -> stored(aggregate, id, field));
			}
			catch (InsertConflictException conflict) {
				throw conflict;
			}
			catch (RuntimeException readFailure) {
				// the ID is taken, and reading it failed: whether it holds this aggregate only another
				// attempt can tell
				readFailure.addSuppressed(ex);
				throw new TransientFailures.UnknownOutcomeException("Reading " + name + " after a duplicate key failed",
						readFailure);
			}
			if (stored == null) {
				// no row with this ID: another unique constraint was violated
				throw ex;
			}
			return new InsertResult<>(stored, false, attempt);
		}
	}

	/** Inside the caller's transaction: look the ID up, then insert on the caller's connection. */
	private <T> InsertResult<T> joined(T aggregate, Object id, IdField field, AtomicInteger attempts) {
		attempts.set(1);
		@Nullable T stored = stored(aggregate, id, field);
		return (stored != null) ? new InsertResult<>(stored, false, 1)
				: new InsertResult<>(this.template.insert(aggregate), true, 1);
	}

	/**
	 * Loads the aggregate stored with the ID and compares it with the one being inserted.
	 * @return the stored aggregate, or {@code null} if there is none with the ID
	 * @throws InsertConflictException if it holds other data
	 */
	@SuppressWarnings("unchecked")
	private <T> @Nullable T stored(T aggregate, Object id, IdField field) {
		@Nullable T stored = this.template.findById(id, (Class<T>) aggregate.getClass());
		if (stored == null) {
			return null;
		}
		List<String> differences = this.comparison.differences(aggregate, stored);
		if (!differences.isEmpty()) {
			throw new InsertConflictException(field.entityName(), id, differences);
		}
		return stored;
	}

	/**
	 * Tells whether an attempt failed for a passing reason, so that another attempt with the same IDs
	 * is right: what {@link TransientFailures} judges so, and a failed commit or rollback of the
	 * attempt's transaction, whose outcome only another attempt can find out (H2 reports a connection
	 * closed under the rollback that follows a failed commit as {@code 90007}, no connection error).
	 * @param failure the failure of an attempt
	 * @return true if another attempt may succeed
	 */
	public static boolean isTransient(Throwable failure) {
		return TransientFailures.isTransient(failure)
				|| TransientFailures.causes(failure).anyMatch(TransactionSystemException.class::isInstance);
	}

	/**
	 * Tells whether a failure is a unique-constraint violation, the primary key's or another's: Spring's
	 * translation of SQLSTATE {@code 23505} and MySQL's error 1062, or those codes themselves.
	 */
	private static boolean isUniqueViolation(Throwable failure) {
		return TransientFailures.causes(failure)
			.anyMatch(cause -> cause instanceof DuplicateKeyException
					|| (cause instanceof SQLException sql && ("23505".equals(sql.getSQLState()) || sql.getErrorCode() == 1062)));
	}

}
