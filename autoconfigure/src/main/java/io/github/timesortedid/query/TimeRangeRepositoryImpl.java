package io.github.timesortedid.query;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.KotlinValueClasses;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionedTable;
import io.github.timesortedid.query.RangeQueries.Bound;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.core.RepositoryMethodContext;
import org.springframework.data.repository.core.support.RepositoryMetadataAccess;

/**
 * The implementation of {@link TimeRangeRepository}, created by Spring Data for each repository
 * that extends the fragment, JPA's and Spring Data JDBC's alike: a JPA entity is read with JPQL, a
 * Spring Data JDBC aggregate with a {@code Query} of the aggregate template. Every query compares the
 * identifier with bounds from {@link IdField}; for newest-first algorithms ({@code kuuid} with
 * {@code reverse}) the comparisons and the order are mirrored. On a table partitioned by
 * {@code time-sorted-id.partitions}, keyset pages are read in windows whose statements each read at
 * most two partitions. Bad arguments are {@link InvalidDataAccessApiUsageException}s with either
 * API, as Spring's translation of JPA's exceptions makes them.
 *
 * @param <T> the entity type
 * @param <ID> the identifier type
 */
public class TimeRangeRepositoryImpl<T, ID> implements TimeRangeRepository<T, ID>, RepositoryMetadataAccess {

	private final TimeSortedIdRegistry registry;

	private final BeanFactory beans;

	/** The queries of each domain type, chosen on its first query. */
	private final Map<Class<?>, RangeQueries> queries = new ConcurrentHashMap<>();

	/**
	 * Creates the fragment.
	 * @param registry the {@code @TimeSortedId} registry
	 * @param beans the application's beans, which hold its entity manager factory or aggregate template
	 */
	public TimeRangeRepositoryImpl(TimeSortedIdRegistry registry, BeanFactory beans) {
		this.registry = registry;
		this.beans = beans;
	}

	@Override
	public List<T> findCreatedBetween(Instant from, Instant to) {
		return checked(() -> {
			if (!from.isBefore(to)) {
				throw new IllegalArgumentException("from (" + from + ") must be before to (" + to + ")");
			}
			IdField field = field();
			return inTimeOrder(field, clamp(field, from, true), clamp(field, to, false));
		});
	}

	@Override
	public List<T> findCreatedSince(Instant from) {
		return checked(() -> {
			IdField field = field();
			return inTimeOrder(field, clamp(field, from, true), null);
		});
	}

	@Override
	public List<T> findCreatedBefore(Instant to) {
		return checked(() -> {
			IdField field = field();
			return inTimeOrder(field, null, clamp(field, to, false));
		});
	}

	@Override
	public List<T> findPageAfter(@Nullable ID after, int limit) {
		return checked(() -> page(after, true, limit));
	}

	@Override
	public List<T> findPageBefore(@Nullable ID before, int limit) {
		return checked(() -> page(before, false, limit));
	}

	/**
	 * Runs a query, with an {@link IllegalArgumentException} (a bad argument, an ID of another format)
	 * or an {@link IllegalStateException} (a domain type without such an ID) as an
	 * {@link InvalidDataAccessApiUsageException}: JPA's repositories translate them so, Spring Data
	 * JDBC's do not.
	 */
	private static <R> R checked(Supplier<R> query) {
		try {
			return query.get();
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			throw new InvalidDataAccessApiUsageException(ex.getMessage(), ex);
		}
	}

	/**
	 * The cursor as the attribute holds it: a Kotlin value class reaches the fragment boxed (its
	 * repository's signature names the value class) while a non-null attribute holds what it wraps.
	 */
	private static Object unboxed(IdField field, Object cursor) {
		Object unboxed = (!field.javaType().isInstance(cursor) && KotlinValueClasses.isValueClass(cursor.getClass()))
				? KotlinValueClasses.unbox(cursor) : cursor;
		return (unboxed != null) ? unboxed : cursor;
	}

	private List<T> page(@Nullable ID cursor, boolean inTimeOrder, int limit) {
		IdField field = field();
		Object id = (cursor != null) ? field.checkAssigned(unboxed(field, cursor)) : null;
		PartitionedTable table = this.registry.partitionMaintenance().flatMap(maintenance -> maintenance.table(field))
			.orElse(null);
		if (table != null) {
			return page(field, table, id, inTimeOrder, limit);
		}
		Bound near = (id != null) ? new Bound(id, false) : null;
		return inTimeOrder ? query(field, near, null, true, limit) : query(field, null, near, false, limit);
	}

	/**
	 * A page of a table partitioned by the time inside its IDs (never newest-first ones: those are
	 * refused at startup), read in windows whose statements each read at most two partitions: an open
	 * range from the cursor would make the database start a scan in every partition beyond it. The
	 * first window is the cursor's interval and the next (or the previous), which needs nothing but
	 * the cursor. Should it come back short, the partitions are read from the catalog and each further
	 * window spans two of them ({@link PartitionWindows}), so that a run of intervals without a
	 * partition, or without rows, is crossed in one statement.
	 */
	private List<T> page(IdField field, PartitionedTable table, @Nullable Object cursor, boolean ascending, int limit) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		List<T> page = new ArrayList<>();
		PartitionWindows windows = null;
		Instant edge;
		if (cursor != null) {
			PartitionInterval interval = table.settings().interval();
			Instant start = interval.start(field.instantOf(cursor));
			edge = ascending ? interval.next(interval.next(start))
					: interval.start(start.minus(1, field.timeOrdered().precision()));
			page.addAll(window(field, new Bound(cursor, false), edge, ascending, limit));
		}
		else {
			windows = windows(table);
			edge = windows.end(null, ascending);
			page.addAll(window(field, null, edge, ascending, limit));
		}
		while (page.size() < limit && edge != null && !open(field, edge, ascending)) {
			windows = (windows != null) ? windows : windows(table);
			Instant far = windows.end(edge, ascending);
			// ascending: from the last window's end on (included); descending: below its start
			page.addAll(window(field, new Bound(field.lowest(edge), ascending), far, ascending, limit - page.size()));
			edge = far;
		}
		return page;
	}

	/**
	 * The rows from a near bound (the cursor, or the end of the last window) up to the lowest ID of
	 * {@code far} (excluded), or down to it (included).
	 */
	private List<T> window(IdField field, @Nullable Bound near, @Nullable Instant far, boolean ascending, int limit) {
		Bound edge = (far != null && !open(field, far, ascending)) ? new Bound(field.lowest(far), !ascending) : null;
		return ascending ? query(field, near, edge, true, limit) : query(field, edge, near, false, limit);
	}

	/** Tells whether an edge lies beyond the IDs' range, so that the window up to it is open. */
	private static boolean open(IdField field, Instant edge, boolean ascending) {
		TimeOrderedIdAlgorithm algorithm = field.timeOrdered();
		return ascending ? edge.isAfter(algorithm.maxInstant()) : edge.isBefore(algorithm.minInstant());
	}

	/** The partitions of the table as the catalog lists them now, on the connection of the page's other statements if it has one. */
	private PartitionWindows windows(PartitionedTable table) {
		return PartitionWindows.of(queries(domainType()).partitions(this.registry.partitionMaintenance().orElseThrow(), table));
	}

	/** In time order, between optional instant bounds: {@code [from, to)}. */
	private List<T> inTimeOrder(IdField field, @Nullable Instant from, @Nullable Instant to) {
		Bound lower = (from != null) ? timeBound(field, from, true) : null;
		Bound upper = (to != null) ? timeBound(field, to, false) : null;
		return query(field, lower, upper, true, null);
	}

	/**
	 * The ID bound of an instant in creation order: its lowest ID, included, as a lower bound; its
	 * lowest ID, excluded, as an upper bound. For newest-first IDs the same bound in ID order is its
	 * highest ID, since {@link #query} mirrors the comparisons.
	 */
	private static Bound timeBound(IdField field, Instant instant, boolean lower) {
		Object id = field.isDescending() ? field.highest(instant) : field.lowest(instant);
		return new Bound(id, lower);
	}

	/**
	 * Runs {@code after <= id < before} in creation order ({@code inTimeOrder}) or its reverse. For
	 * newest-first IDs creation order is descending ID order, so the comparisons flip: {@code after}
	 * is the highest ID, {@code before} the lowest, excluded.
	 */
	private List<T> query(IdField field, @Nullable Bound after, @Nullable Bound before, boolean inTimeOrder,
			@Nullable Integer limit) {
		if (limit != null && limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		Class<T> domainType = domainType();
		boolean descendingIds = field.isDescending();
		Bound excluded = (before != null) ? new Bound(before.id(), false) : null;
		Bound lower = descendingIds ? excluded : after;
		Bound upper = descendingIds ? after : excluded;
		return queries(domainType).find(domainType, field, lower, upper, inTimeOrder != descendingIds, limit);
	}

	/**
	 * The queries of the persistence API that stores a domain type; this class names neither API, so
	 * that an application with only one of them can load it.
	 */
	private RangeQueries queries(Class<?> domainType) {
		return this.queries.computeIfAbsent(domainType,
				(type) -> switch (PersistenceApi.storing(this.beans, type, "its time ranges cannot be queried")) {
			case JPA -> JpaRangeQueries.of(this.beans);
			case DATA_JDBC -> AggregateRangeQueries.of(this.beans);
		});
	}

	/** Keeps an instant inside the algorithm's range; {@code null} means "no upper bound". */
	private static @Nullable Instant clamp(IdField field, Instant instant, boolean lower) {
		TimeOrderedIdAlgorithm algorithm = field.timeOrdered();
		if (instant.isBefore(algorithm.minInstant())) {
			return algorithm.minInstant();
		}
		if (instant.isAfter(algorithm.maxInstant())) {
			return lower ? algorithm.maxInstant() : null;
		}
		return instant;
	}

	@SuppressWarnings("unchecked")
	private static <T> Class<T> domainType() {
		return (Class<T>) RepositoryMethodContext.getContext().getMetadata().getDomainType();
	}

	private IdField field() {
		Class<?> domainType = domainType();
		return this.registry.identifierOf(domainType)
			.orElseThrow(() -> new IllegalStateException(domainType.getName()
					+ " has no @Id @TimeSortedId attribute, so its IDs carry no creation time"));
	}

}
