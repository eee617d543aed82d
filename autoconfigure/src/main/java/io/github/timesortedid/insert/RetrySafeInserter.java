package io.github.timesortedid.insert;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.github.timesortedid.TypedIds;
import io.github.timesortedid.hibernate.IdField;
import io.github.timesortedid.hibernate.TimeSortedIdRegistry;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryListener;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryState;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.core.retry.Retryable;
import org.springframework.dao.DataAccessException;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.orm.jpa.vendor.HibernateJpaDialect;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * Inserts entities so that retrying is safe (seed 004, "Idempotency"). The {@code @TimeSortedId}
 * identifier is fixed before the first attempt; each attempt runs in a transaction of its own;
 * transient failures (timeouts, lost or refused connections, deadlocks, serialization failures) are
 * retried with bounded exponential backoff ({@code time-sorted-id.insert.*}). When an attempt hits
 * the primary key, the stored row is loaded: the same data means the earlier attempt went through
 * and the stored entity is returned as already existing; other data is an
 * {@link InsertConflictException}. Any other failure, another constraint violation included,
 * passes through unchanged and unretried.
 */
public final class RetrySafeInserter {

	private static final Log logger = LogFactory.getLog(RetrySafeInserter.class);

	private final EntityManagerFactory entityManagerFactory;

	private final EntityManager entityManager;

	private final TimeSortedIdRegistry registry;

	private final PlatformTransactionManager transactionManager;

	private final DefaultTransactionDefinition writes = new DefaultTransactionDefinition(
			TransactionDefinition.PROPAGATION_REQUIRES_NEW);

	private final DefaultTransactionDefinition reads = new DefaultTransactionDefinition(
			TransactionDefinition.PROPAGATION_REQUIRES_NEW);

	private final RetryTemplate retries;

	private final HibernateJpaDialect dialect = new HibernateJpaDialect();

	private final Map<Class<?>, EntityModel> models = new ConcurrentHashMap<>();

	/**
	 * Creates an inserter.
	 * @param entityManagerFactory the JPA entity manager factory
	 * @param transactionManager the transaction manager of that factory
	 * @param registry the {@code @TimeSortedId} registry
	 * @param retryPolicy the bounds, backoff and exception filter of retries; see
	 * {@link #isTransient(Throwable)} for the filter the auto-configuration uses
	 */
	public RetrySafeInserter(EntityManagerFactory entityManagerFactory, PlatformTransactionManager transactionManager,
			TimeSortedIdRegistry registry, RetryPolicy retryPolicy) {
		this.entityManagerFactory = entityManagerFactory;
		this.entityManager = SharedEntityManagerCreator.createSharedEntityManager(entityManagerFactory);
		this.registry = registry;
		this.transactionManager = transactionManager;
		this.reads.setReadOnly(true);
		this.retries = new RetryTemplate(retryPolicy);
		this.retries.setRetryListener(new RetryListener() {

			@Override
			public void beforeRetry(RetryPolicy policy, Retryable<?> retryable, RetryState state) {
				if (logger.isDebugEnabled()) {
					logger.debug(retryable.getName() + ": attempt " + (state.getRetryCount() + 1) + " failed ("
							+ state.getLastException() + "); retrying with the same ID");
				}
			}

		});
	}

	/**
	 * Inserts an entity, retrying transient failures with the same ID.
	 * @param <T> the entity type
	 * @param entity a new entity; its {@code @TimeSortedId} identifier is set now if it is not set
	 * @return the stored entity, and whether this call created it
	 * @throws InsertConflictException if a row with the ID exists with other data
	 * @throws io.github.timesortedid.id.InvalidIdException if the assigned ID is not valid
	 * @throws DataAccessException any other failure, after the last attempt for transient ones
	 */
	public <T> InsertResult<T> insert(T entity) {
		EntityModel model = model(entity.getClass());
		Object id = model.id(entity);
		if (id == null) {
			id = model.idField.next();
			model.setId(entity, id);
		}
		else {
			model.idField.checkAssigned(id);
		}
		Object version = model.version(entity);
		Object fixedId = id;
		AtomicInteger attempts = new AtomicInteger();
		Retryable<InsertResult<T>> attempt = new Retryable<>() {

			@Override
			public InsertResult<T> execute() {
				return attempt(model, entity, fixedId, version, attempts);
			}

			@Override
			public String getName() {
				return "Insert of " + model.name() + " " + TypedIds.text(fixedId);
			}

		};
		try {
			return this.retries.execute(attempt);
		}
		catch (RetryException ex) {
			Throwable last = ex.getLastException();
			if (last instanceof TransientFailures.UniqueRaceException) {
				last = last.getCause();
			}
			if (last instanceof RuntimeException) {
				throw (RuntimeException) last;
			}
			if (last instanceof Error) {
				throw (Error) last;
			}
			throw new IllegalStateException(last);
		}
	}

	private <T> InsertResult<T> attempt(EntityModel model, T entity, Object id, Object version, AtomicInteger attempts) {
		attempts.incrementAndGet();
		model.restoreVersion(entity, version);
		try {
			inTransaction(this.writes, () -> {
				this.entityManager.persist(entity);
				this.entityManager.flush();
				return null;
			});
			return new InsertResult<>(entity, true, attempts.get());
		}
		catch (RuntimeException ex) {
			RuntimeException failure = translate(ex);
			if (!EntityModel.isUniqueViolation(ex)) {
				throw failure;
			}
			@SuppressWarnings("unchecked")
			T stored = (T) inTransaction(this.reads, () -> this.entityManager.find(model.type, id));
			if (stored != null) {
				java.util.List<String> differing = model.differences(entity, stored);
				if (!differing.isEmpty()) {
					throw new InsertConflictException(model.name(), id, differing);
				}
				return new InsertResult<>(stored, false, attempts.get());
			}
			if (EntityModel.violatesPrimaryKey(ex)) {
				throw new TransientFailures.UniqueRaceException(
						model.name() + " " + TypedIds.text(id) + " is being inserted by another transaction", failure);
			}
			throw failure;
		}
	}

	/**
	 * Tells whether an attempt failed for a passing reason (timeout, lost or refused connection,
	 * deadlock, serialization failure, or a racing insert of the same ID not yet committed), so that
	 * another attempt with the same ID is right; for a custom {@link RetryPolicy}.
	 * @param failure the failure of an attempt
	 * @return true if another attempt may succeed
	 */
	public static boolean isTransient(Throwable failure) {
		return TransientFailures.isTransient(failure);
	}

	/**
	 * Runs work in a new transaction. Unlike {@code TransactionTemplate}, a failed rollback (the
	 * connection is gone) never replaces the work's own exception, which is what says whether
	 * another attempt makes sense; it is attached as suppressed.
	 */
	private <R> R inTransaction(TransactionDefinition definition, Supplier<R> work) {
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

	private RuntimeException translate(RuntimeException ex) {
		if (ex instanceof DataAccessException) {
			return ex;
		}
		DataAccessException translated = this.dialect.translateExceptionIfPossible(ex);
		return (translated != null) ? translated : ex;
	}

	private EntityModel model(Class<?> type) {
		return this.models.computeIfAbsent(type, key -> {
			IdField field = this.registry.fields()
				.stream()
				.filter(candidate -> candidate.isIdentifier() && candidate.entityClass() == key)
				.findFirst()
				.orElseThrow(() -> new IllegalArgumentException(key.getName()
						+ " has no @Id @TimeSortedId attribute; retry-safe inserts need an application-assigned ID"));
			return new EntityModel(key, this.entityManagerFactory.getMetamodel().entity(key), field,
					this.entityManagerFactory.getPersistenceUnitUtil());
		});
	}

}
