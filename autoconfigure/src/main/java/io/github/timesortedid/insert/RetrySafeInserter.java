package io.github.timesortedid.insert;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.timesortedid.model.TimeSortedIdRegistry;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.jpa.event.spi.CallbackRegistry;
import org.hibernate.metamodel.spi.MappingMetamodelImplementor;
import org.jspecify.annotations.Nullable;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.core.retry.Retryable;
import org.springframework.dao.DataAccessException;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.orm.jpa.vendor.HibernateJpaDialect;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Inserts entities so that retrying is safe: the primary key is the idempotency key. The
 * {@code @TimeSortedId} identifiers of the entity and of every entity its {@code persist} cascades
 * to are fixed before the first attempt, and each attempt starts from the state the caller handed
 * in, never from what a failed attempt left behind.
 * <p>
 * <b>Outside a transaction</b>, each attempt runs in a transaction of its own, limited by the
 * attempt timeout, and transient failures (timeouts, lost or refused connections, deadlocks,
 * serialization failures) are retried with bounded exponential backoff
 * ({@code time-sorted-id.insert.*}). When an attempt hits an existing row with its ID, the stored
 * row is loaded: the same data (compared as the database stores it, see {@link StoredForm}) means
 * an earlier attempt or request went through, and the stored entity is returned as already
 * existing; other data is an {@link InsertConflictException}.
 * <p>
 * <b>Inside a transaction</b>, the insert joins it: one connection, and the row commits or rolls
 * back with the caller's. The row's ID is looked up first (a stored row is compared as above),
 * then the entity is persisted and flushed. Transient failures are the transaction's to retry, as a
 * whole, which is safe because every ID was fixed before its first attempt.
 * <p>
 * Any other failure, a violation of another constraint included, passes through unchanged and
 * unretried, translated to Spring's {@link DataAccessException} types as a repository would.
 */
public final class RetrySafeInserter {

	/** The attempt timeout when none is given. */
	public static final Duration DEFAULT_ATTEMPT_TIMEOUT = Duration.ofSeconds(10);

	private final EntityManager entityManager;

	private final MappingMetamodelImplementor metamodel;

	private final TimeSortedIdRegistry registry;

	private final AttemptTransactions transactions;

	private final InsertObserver observer;

	private final RetryTemplate retries;

	private final StoredForm storedForm;

	private final CallbackRegistry callbacks;

	/**
	 * Creates an inserter with the default attempt timeout.
	 * @param entityManagerFactory the JPA entity manager factory (Hibernate's)
	 * @param transactionManager the transaction manager of that factory
	 * @param registry the {@code @TimeSortedId} registry
	 * @param retryPolicy the bounds, backoff and exception filter of retries; see
	 * {@link #isTransient(Throwable)} for the filter the auto-configuration uses
	 */
	public RetrySafeInserter(EntityManagerFactory entityManagerFactory, PlatformTransactionManager transactionManager,
			TimeSortedIdRegistry registry, RetryPolicy retryPolicy) {
		this(entityManagerFactory, transactionManager, registry, retryPolicy, DEFAULT_ATTEMPT_TIMEOUT);
	}

	/**
	 * Creates an inserter.
	 * @param entityManagerFactory the JPA entity manager factory (Hibernate's)
	 * @param transactionManager the transaction manager of that factory
	 * @param registry the {@code @TimeSortedId} registry
	 * @param retryPolicy the bounds, backoff and exception filter of retries; see
	 * {@link #isTransient(Throwable)} for the filter the auto-configuration uses
	 * @param attemptTimeout the longest one attempt's statements may take, in whole seconds (it
	 * becomes the timeout of the attempt's transaction): an INSERT that waits on a lock held by an
	 * orphaned transaction then fails and is retried, rather than hanging. It applies to retries
	 * and to IDs the caller assigned; the first attempt of an ID made by the call cannot meet
	 * another transaction's lock
	 */
	public RetrySafeInserter(EntityManagerFactory entityManagerFactory, PlatformTransactionManager transactionManager,
			TimeSortedIdRegistry registry, RetryPolicy retryPolicy, Duration attemptTimeout) {
		this(entityManagerFactory, transactionManager, registry, retryPolicy, attemptTimeout, InsertObserver.NONE);
	}

	/**
	 * Creates an inserter that reports how each insert ends.
	 * @param entityManagerFactory the JPA entity manager factory (Hibernate's)
	 * @param transactionManager the transaction manager of that factory
	 * @param registry the {@code @TimeSortedId} registry
	 * @param retryPolicy the bounds, backoff and exception filter of retries
	 * @param attemptTimeout the longest one attempt's statements may take, see
	 * {@link #RetrySafeInserter(EntityManagerFactory, PlatformTransactionManager, TimeSortedIdRegistry, RetryPolicy, Duration)}
	 * @param observer told the outcome and attempts of every insert
	 */
	public RetrySafeInserter(EntityManagerFactory entityManagerFactory, PlatformTransactionManager transactionManager,
			TimeSortedIdRegistry registry, RetryPolicy retryPolicy, Duration attemptTimeout, InsertObserver observer) {
		this.observer = observer;
		SessionFactoryImplementor sessionFactory = entityManagerFactory.unwrap(SessionFactoryImplementor.class);
		this.entityManager = SharedEntityManagerCreator.createSharedEntityManager(entityManagerFactory);
		this.metamodel = sessionFactory.getMappingMetamodel();
		this.storedForm = new StoredForm(sessionFactory);
		this.callbacks = sessionFactory.getEventEngine().getCallbackRegistry();
		this.registry = registry;
		this.transactions = new AttemptTransactions(transactionManager, attemptTimeout, new HibernateJpaDialect());
		this.retries = Retries.logged(retryPolicy, RetrySafeInserter.class);
	}

	/**
	 * Inserts an entity, and the entities its {@code persist} cascades to; outside a transaction
	 * retrying transient failures with the same IDs, inside one joining it.
	 * @param <T> the entity type
	 * @param entity a new entity; its {@code @TimeSortedId} identifier, and those of the entities it
	 * cascades to, are set now if they are not set
	 * @return the stored entity, and whether this call created it
	 * @throws InsertConflictException if a row with the ID exists with other data
	 * @throws io.github.timesortedid.id.InvalidIdException if an assigned ID is not valid
	 * @throws IllegalArgumentException if the entity has no {@code @Id @TimeSortedId} attribute
	 * @throws DataAccessException any other failure, after the last attempt for transient ones
	 */
	public <T> InsertResult<T> insert(T entity) {
		Insert<T> insert = Insert.capture(entity, this.registry, this.metamodel, this.callbacks);
		AtomicInteger attempts = new AtomicInteger();
		try {
			InsertResult<T> result = TransactionSynchronizationManager.isActualTransactionActive() ? joined(insert, attempts)
					: retried(insert, attempts);
			this.observer.completed(insert.entityName(), result.created() ? InsertObserver.Outcome.CREATED
					: InsertObserver.Outcome.ALREADY_EXISTED, result.attempts());
			return result;
		}
		catch (InsertConflictException ex) {
			this.observer.completed(insert.entityName(), InsertObserver.Outcome.CONFLICT, Math.max(1, attempts.get()));
			throw ex;
		}
		catch (RuntimeException | Error ex) {
			this.observer.completed(insert.entityName(), InsertObserver.Outcome.FAILED, Math.max(1, attempts.get()));
			throw ex;
		}
	}

	private <T> InsertResult<T> retried(Insert<T> insert, AtomicInteger attempts) {
		Retryable<InsertResult<T>> attempt = new Retryable<>() {

			@Override
			public InsertResult<T> execute() {
				return attempt(insert, attempts.incrementAndGet());
			}

			@Override
			public String getName() {
				return "Insert of " + insert.describe();
			}

		};
		try {
			return this.retries.execute(attempt);
		}
		catch (RetryException ex) {
			throw TransientFailures.gaveUp(ex);
		}
	}

	/**
	 * Tells whether an attempt failed for a passing reason (timeout, lost or refused connection,
	 * deadlock, serialization failure, or an outcome that only another attempt can find out), so
	 * that another attempt with the same ID is right; for a custom {@link RetryPolicy}.
	 * @param failure the failure of an attempt
	 * @return true if another attempt may succeed
	 */
	public static boolean isTransient(Throwable failure) {
		return HibernateFailures.isTransient(failure);
	}

	private <T> InsertResult<T> attempt(Insert<T> insert, int attempt) {
		insert.graph().restore();
		try {
			this.transactions.write(attempt == 1 && !insert.assigned(), () -> {
				persist(insert);
				// everything is written: the commit need not look at the graph again (a second dirty check,
				// and a second UPDATE of a JSON map Hibernate's own snapshot never equals)
				this.entityManager.clear();
			});
			insert.graph().unrefer();
			return new InsertResult<>(insert.entity(), true, attempt);
		}
		catch (RuntimeException ex) {
			RuntimeException failure = this.transactions.translate(ex);
			if (!HibernateFailures.isUniqueViolation(ex)) {
				throw failure;
			}
			@Nullable T stored;
			try {
				stored = this.transactions.read(() -> stored(insert));
			}
			catch (InsertConflictException conflict) {
				throw conflict;
			}
			catch (RuntimeException readFailure) {
				// the row's ID is taken, and reading it failed (say, the connection died): whether it
				// holds this entity only another attempt can tell
				readFailure.addSuppressed(failure);
				throw new TransientFailures.UnknownOutcomeException(
						"Reading " + insert.describe() + " after a duplicate key failed", readFailure);
			}
			if (stored == null) {
				// no row with this ID: another unique constraint was violated
				throw failure;
			}
			return new InsertResult<>(stored, false, attempt);
		}
	}

	/** Inside the caller's transaction: look the ID up, then persist on the caller's connection. */
	private <T> InsertResult<T> joined(Insert<T> insert, AtomicInteger attempts) {
		attempts.set(1);
		try {
			@Nullable T stored = stored(insert);
			if (stored != null) {
				return new InsertResult<>(stored, false, 1);
			}
			insert.graph().restore();
			persist(insert);
			insert.graph().unrefer();
			return new InsertResult<>(insert.entity(), true, 1);
		}
		catch (InsertConflictException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw this.transactions.translate(ex);
		}
	}

	private void persist(Insert<?> insert) {
		insert.graph().referThrough(this.entityManager::getReference);
		this.entityManager.persist(insert.entity());
		this.entityManager.flush();
	}

	/**
	 * Loads the row with the insert's ID and compares it with the entity, while the session is open
	 * so that lazy collections can be read.
	 * @return the stored entity, or {@code null} if there is no row with the ID
	 * @throws InsertConflictException if the stored row holds other data
	 */
	private <T> @Nullable T stored(Insert<T> insert) {
		@Nullable Object stored = this.entityManager.find(insert.root(), insert.id());
		return (stored != null) ? this.storedForm.requireSame(insert, stored, this.entityManager.unwrap(Session.class))
				: null;
	}

}
