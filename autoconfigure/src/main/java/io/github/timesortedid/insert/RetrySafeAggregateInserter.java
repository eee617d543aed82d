package io.github.timesortedid.insert;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import io.github.timesortedid.TypedIds;
import io.github.timesortedid.jdbc.TimeSortedIdBeforeConvertCallback;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.core.retry.Retryable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.jdbc.core.JdbcAggregateOperations;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.mapping.event.BeforeConvertEvent;
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

	/** The most IDs one look-up of {@link #insertAll} loads, well under every database's limit of parameters. */
	private static final int IDS_PER_LOOKUP = 1000;

	/**
	 * How often an attempt of {@link #insertAll} looks up and inserts its batch when each try fails on a
	 * duplicate key: a batch that raced with another writer is sent again, and a violation that
	 * outlives this many look-ups is another unique constraint's.
	 */
	private static final int BATCH_PASSES = 3;

	private static final Log logger = LogFactory.getLog(RetrySafeAggregateInserter.class);

	private final JdbcAggregateOperations template;

	private final JdbcConverter converter;

	private final TimeSortedIdRegistry registry;

	private final TimeSortedIdBeforeConvertCallback ids;

	private final AggregateComparison comparison;

	private final AttemptTransactions transactions;

	private final RetryTemplate retries;

	private final InsertObserver observer;

	private final ApplicationEventPublisher events;

	private final EntityCallbacks callbacks;

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
	 * @param events where Spring Data JDBC's {@code BeforeConvertEvent} is published before a comparison
	 * @param callbacks the entity callbacks, whose {@code BeforeConvertCallback}s run on an aggregate
	 * found stored before it is compared, as before an insert
	 */
	public RetrySafeAggregateInserter(JdbcAggregateOperations template, JdbcConverter converter, JdbcOperations jdbc,
			DatabaseKind database, PlatformTransactionManager transactionManager, TimeSortedIdRegistry registry,
			TimeSortedIdBeforeConvertCallback ids, RetryPolicy retryPolicy, Duration attemptTimeout,
			InsertObserver observer, ApplicationEventPublisher events, EntityCallbacks callbacks) {
		this.template = template;
		this.converter = converter;
		this.registry = registry;
		this.ids = ids;
		this.comparison = new AggregateComparison(converter, jdbc, database);
		// Spring Data JDBC and the JDBC transaction manager throw Spring's exception types already
		this.transactions = new AttemptTransactions(transactionManager, attemptTimeout, (ex) -> null);
		this.retries = Retries.logged(retryPolicy, RetrySafeAggregateInserter.class);
		this.observer = observer;
		this.events = events;
		this.callbacks = callbacks;
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
		Pending<T> pending = pending(aggregate);
		AtomicInteger attempts = new AtomicInteger();
		try {
			InsertResult<T> result = TransactionSynchronizationManager.isActualTransactionActive()
					? joined(pending, attempts)
					: retried("Insert of " + pending.name(), attempts, (attempt) -> attempt(pending, attempt));
			observe(pending, result);
			return result;
		}
		catch (RuntimeException | Error ex) {
			observe(List.of(pending), ex, attempts);
			throw ex;
		}
	}

	/**
	 * Inserts aggregates as {@link #insert} does each of them, in one JDBC batch per attempt: an import
	 * that must tell a replay from other data under the same ID, at the cost of {@code saveAll}. Each
	 * attempt, in a transaction of its own, loads the aggregates already stored with the IDs
	 * ({@code findAllById}, up to {@value #IDS_PER_LOOKUP} IDs per query), compares each with the one
	 * being inserted, and inserts the others with {@link JdbcAggregateOperations#insertAll}; the first
	 * attempt of IDs all made by this call has nothing to look up. The call is all or nothing: a
	 * conflict inserts none of the aggregates, and a transient failure retries the whole batch with
	 * the same IDs, whose next look-up finds what a lost commit stored. A second aggregate with the
	 * ID of an earlier one in the same call is answered like a replay of it. Inside a transaction the
	 * batch joins it.
	 * @param <T> the aggregate type
	 * @param aggregates new aggregates, or replays of stored ones; their {@code @TimeSortedId}
	 * attributes, and those of the entities inside them, are set now if they are not set
	 * @return for each aggregate, in the order given, the stored aggregate and whether this call created it
	 * @throws InsertConflictException if an aggregate with one of the IDs is stored with other data
	 * (the first such; the others are suppressed in it); nothing is inserted then
	 * @throws io.github.timesortedid.id.InvalidIdException if an assigned ID is not valid
	 * @throws IllegalArgumentException if an aggregate root has no {@code @Id @TimeSortedId} attribute
	 * @throws DataAccessException any other failure, after the last attempt for transient ones;
	 * nothing is inserted then
	 */
	public <T> List<InsertResult<T>> insertAll(Iterable<T> aggregates) {
		List<Pending<T>> pending = new ArrayList<>();
		aggregates.forEach((aggregate) -> pending.add(pending(aggregate)));
		if (pending.isEmpty()) {
			return List.of();
		}
		AtomicInteger attempts = new AtomicInteger();
		try {
			List<InsertResult<T>> results;
			if (TransactionSynchronizationManager.isActualTransactionActive()) {
				attempts.set(1);
				results = batch(pending, true, 1);
			}
			else {
				boolean fresh = pending.stream().noneMatch(Pending::assigned);
				results = retried("Insert of " + pending.size() + " aggregates from " + pending.get(0).name(), attempts,
						(attempt) -> batchAttempt(pending, fresh, attempt));
			}
			for (int i = 0; i < pending.size(); i++) {
				observe(pending.get(i), results.get(i));
			}
			return results;
		}
		catch (RuntimeException | Error ex) {
			observe(pending, ex, attempts);
			throw ex;
		}
	}

	/** Fixes an aggregate's IDs before its first attempt. */
	private <T> Pending<T> pending(T aggregate) {
		IdField field = this.registry.identifierOf(aggregate.getClass())
			.orElseThrow(() -> new IllegalArgumentException(aggregate.getClass().getName()
					+ " has no @Id @TimeSortedId attribute; retry-safe inserts need an application-assigned ID"));
		RelationalPersistentEntity<?> entity = this.converter.getMappingContext()
			.getRequiredPersistentEntity(aggregate.getClass());
		boolean assigned = !field.isUnassigned(entity.getIdentifierAccessor(aggregate).getIdentifier());
		@SuppressWarnings("unchecked")
		T fixed = (T) this.ids.onBeforeConvert(aggregate);
		return new Pending<>(fixed, entity.getIdentifierAccessor(fixed).getRequiredIdentifier(), field, assigned);
	}

	private void observe(Pending<?> pending, InsertResult<?> result) {
		this.observer.completed(pending.field().entityName(),
				result.created() ? InsertObserver.Outcome.CREATED : InsertObserver.Outcome.ALREADY_EXISTED,
				result.attempts());
	}

	/** A failed call: a conflict for each aggregate stored with other data, a failure for the others. */
	private void observe(List<? extends Pending<?>> pending, Throwable failure, AtomicInteger attempts) {
		Set<String> conflicting = new HashSet<>();
		if (failure instanceof InsertConflictException conflict) {
			Stream.concat(Stream.of(conflict), Arrays.stream(conflict.getSuppressed()))
				.filter(InsertConflictException.class::isInstance)
				.map(InsertConflictException.class::cast)
				.forEach((each) -> conflicting.add(Pending.name(each.getEntityName(), each.getId())));
		}
		for (Pending<?> each : pending) {
			this.observer.completed(each.field().entityName(),
					conflicting.contains(each.name()) ? InsertObserver.Outcome.CONFLICT : InsertObserver.Outcome.FAILED,
					Math.max(1, attempts.get()));
		}
	}

	/**
	 * One attempt of a batch. Another writer may store one of the IDs between the look-up and the
	 * batch (two instances importing one file): the batch then fails on the duplicate key, once the
	 * other transaction has committed, and is run again, whose look-up finds the other's aggregate.
	 */
	private <T> List<InsertResult<T>> batchAttempt(List<Pending<T>> pending, boolean fresh, int attempt) {
		for (int pass = 1;; pass++) {
			// the first attempt of IDs made just now: nobody else can have stored them, nor hold a lock on them
			boolean unknownIds = fresh && attempt == 1 && pass == 1;
			AtomicReference<List<InsertResult<T>>> results = new AtomicReference<>();
			try {
				this.transactions.write(unknownIds, () -> results.set(batch(pending, !unknownIds, attempt)));
				return results.get();
			}
			catch (RuntimeException ex) {
				// a violation that outlives the look-ups is another unique constraint's
				if (ex instanceof InsertConflictException || !isUniqueViolation(ex) || pass == BATCH_PASSES) {
					throw ex;
				}
				if (logger.isDebugEnabled()) {
					logger.debug("Insert of " + pending.size() + " aggregates from " + pending.get(0).name() + ": attempt "
							+ attempt + " met a duplicate key after its look-up (" + ex.getMessage()
							+ "); looking up again, another writer may have stored some of the IDs");
				}
			}
		}
	}

	/**
	 * Inserts a batch in the current transaction: the stored ones found and compared, then the others
	 * inserted in one batch, then the repeated IDs compared with what their first aggregate stored.
	 * @param lookUp whether to look for stored aggregates first
	 */
	@SuppressWarnings("unchecked")
	private <T> List<InsertResult<T>> batch(List<Pending<T>> pending, boolean lookUp, int attempt) {
		List<@Nullable InsertResult<T>> results = new ArrayList<>(Collections.nCopies(pending.size(), null));
		Map<String, Integer> firsts = new LinkedHashMap<>();
		List<Integer> repeats = new ArrayList<>();
		for (int i = 0; i < pending.size(); i++) {
			if (firsts.putIfAbsent(pending.get(i).key(), i) != null) {
				repeats.add(i);
			}
		}
		Map<String, T> stored = lookUp ? stored(pending, firsts.values()) : Map.of();
		List<InsertConflictException> conflicts = new ArrayList<>();
		List<Integer> absent = new ArrayList<>();
		for (int i : firsts.values()) {
			Pending<T> each = pending.get(i);
			T found = stored.get(each.key());
			if (found == null) {
				absent.add(i);
				continue;
			}
			List<String> differences = differences(each.aggregate(), found);
			if (differences.isEmpty()) {
				results.set(i, new InsertResult<>(found, false, attempt));
			}
			else {
				conflicts.add(new InsertConflictException(each.field().entityName(), each.id(), differences));
			}
		}
		throwFirst(conflicts);
		if (!absent.isEmpty()) {
			Iterator<T> inserted = this.template.insertAll(absent.stream().map((i) -> pending.get(i).aggregate()).toList())
				.iterator();
			for (int i : absent) {
				results.set(i, new InsertResult<>(inserted.next(), true, attempt));
			}
		}
		for (int i : repeats) {
			Pending<T> each = pending.get(i);
			// its first aggregate is stored by now, found or inserted above
			T found = Objects.requireNonNull(stored(each,
					stored.containsKey(each.key()) ? InsertConflictException.STORED : InsertConflictException.TWICE_IN_BATCH));
			results.set(i, new InsertResult<>(found, false, attempt));
		}
		return (List<InsertResult<T>>) (List<?>) results;
	}

	/** The stored aggregates with the IDs of the given ones, by {@link Pending#key()}. */
	@SuppressWarnings("unchecked")
	private <T> Map<String, T> stored(List<Pending<T>> pending, Collection<Integer> indexes) {
		Map<Class<T>, List<Object>> idsByType = new LinkedHashMap<>();
		for (int i : indexes) {
			Pending<T> each = pending.get(i);
			idsByType.computeIfAbsent((Class<T>) each.aggregate().getClass(), (type) -> new ArrayList<>()).add(each.id());
		}
		Map<String, T> stored = new HashMap<>();
		idsByType.forEach((type, ids) -> {
			RelationalPersistentEntity<?> entity = this.converter.getMappingContext().getRequiredPersistentEntity(type);
			for (int from = 0; from < ids.size(); from += IDS_PER_LOOKUP) {
				for (T found : this.template.findAllById(ids.subList(from, Math.min(ids.size(), from + IDS_PER_LOOKUP)), type)) {
					stored.put(Pending.key(type, entity.getIdentifierAccessor(found).getRequiredIdentifier()), found);
				}
			}
		});
		return stored;
	}

	private static void throwFirst(List<InsertConflictException> conflicts) {
		if (!conflicts.isEmpty()) {
			InsertConflictException first = conflicts.get(0);
			conflicts.subList(1, conflicts.size()).forEach(first::addSuppressed);
			throw first;
		}
	}

	/** Runs attempts, numbered from 1, until one succeeds, a failure is not transient, or the policy gives up. */
	private <R> R retried(String name, AtomicInteger attempts, IntFunction<R> attempt) {
		Retryable<R> retryable = new Retryable<>() {

			@Override
			public R execute() {
				return attempt.apply(attempts.incrementAndGet());
			}

			@Override
			public String getName() {
				return name;
			}

		};
		try {
			return this.retries.execute(retryable);
		}
		catch (RetryException ex) {
			throw TransientFailures.gaveUp(ex);
		}
	}

	private <T> InsertResult<T> attempt(Pending<T> pending, int attempt) {
		T aggregate = pending.aggregate();
		AtomicReference<T> inserted = new AtomicReference<>();
		try {
			// the first attempt of an ID made just now cannot meet another transaction's lock on it
			this.transactions.write(attempt == 1 && !pending.assigned(),
					() -> inserted.set(this.template.insert(aggregate)));
			return new InsertResult<>(inserted.get(), true, attempt);
		}
		catch (RuntimeException ex) {
			if (!isUniqueViolation(ex)) {
				throw ex;
			}
			@Nullable T stored;
			try {
				stored = this.transactions.read(() -> stored(pending, InsertConflictException.STORED));
			}
			catch (InsertConflictException conflict) {
				throw conflict;
			}
			catch (RuntimeException readFailure) {
				// the ID is taken, and reading it failed: whether it holds this aggregate only another
				// attempt can tell
				readFailure.addSuppressed(ex);
				throw new TransientFailures.UnknownOutcomeException("Reading " + pending.name() + " after a duplicate key failed",
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
	private <T> InsertResult<T> joined(Pending<T> pending, AtomicInteger attempts) {
		attempts.set(1);
		@Nullable T stored = stored(pending, InsertConflictException.STORED);
		return (stored != null) ? new InsertResult<>(stored, false, 1)
				: new InsertResult<>(this.template.insert(pending.aggregate()), true, 1);
	}

	/**
	 * Loads the aggregate stored with the ID and compares it with the one being inserted.
	 * @param state what the conflict says holds the ID: {@link InsertConflictException#STORED} or
	 * {@link InsertConflictException#TWICE_IN_BATCH}
	 * @return the stored aggregate, or {@code null} if there is none with the ID
	 * @throws InsertConflictException if it holds other data
	 */
	@SuppressWarnings("unchecked")
	private <T> @Nullable T stored(Pending<T> pending, String state) {
		@Nullable T stored = this.template.findById(pending.id(), (Class<T>) pending.aggregate().getClass());
		if (stored == null) {
			return null;
		}
		List<String> differences = differences(pending.aggregate(), stored);
		if (!differences.isEmpty()) {
			throw new InsertConflictException(pending.field().entityName(), pending.id(), state, differences);
		}
		return stored;
	}

	/**
	 * Compares an aggregate with the stored one as an insert would have stored it: after the
	 * application's {@code BeforeConvertEvent} listeners and {@code BeforeConvertCallback}s, which
	 * Spring Data JDBC runs before every insert and which may derive values from others. A replay
	 * looked up before any insert has not been through them yet; one whose insert failed on the
	 * duplicate key has, and they run on it again, as on a second insert.
	 */
	private <T> List<String> differences(T aggregate, T stored) {
		this.events.publishEvent(new BeforeConvertEvent<>(aggregate));
		return this.comparison.differences(this.callbacks.callback(BeforeConvertCallback.class, aggregate), stored);
	}

	/**
	 * An aggregate whose IDs are fixed, before its first attempt.
	 * @param assigned whether the caller set the root's ID, rather than this call
	 */
	private record Pending<T>(T aggregate, Object id, IdField field, boolean assigned) {

		/** The aggregate and ID as messages and logs name them. */
		String name() {
			return name(this.field.entityName(), this.id);
		}

		static String name(String entityName, Object id) {
			return entityName + " " + TypedIds.text(id);
		}

		/** What tells two aggregates with one ID apart from others within one batch. */
		String key() {
			return key(this.aggregate.getClass(), this.id);
		}

		static String key(Class<?> type, Object id) {
			return type.getName() + " " + TypedIds.text(id);
		}

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
