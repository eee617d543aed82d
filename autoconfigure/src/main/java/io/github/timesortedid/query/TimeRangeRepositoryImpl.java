package io.github.timesortedid.query;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.TypedQuery;
import org.hibernate.Session;
import org.jspecify.annotations.Nullable;
import org.springframework.data.repository.core.RepositoryMethodContext;
import org.springframework.data.repository.core.support.RepositoryMetadataAccess;
import org.springframework.orm.jpa.EntityManagerFactoryUtils;
import org.springframework.orm.jpa.SharedEntityManagerCreator;

/**
 * The implementation of {@link TimeRangeRepository}, created by Spring Data for each repository
 * that extends the fragment. Every query is JPQL comparing the identifier with bounds from
 * {@link IdField}; for newest-first algorithms ({@code kuuid} with {@code reverse}) the comparisons
 * and the order are mirrored. On a table partitioned by {@code time-sorted-id.partitions}, keyset
 * pages are read in windows whose statements each read at most two partitions.
 *
 * @param <T> the entity type
 * @param <ID> the identifier type
 */
public class TimeRangeRepositoryImpl<T, ID> implements TimeRangeRepository<T, ID>, RepositoryMetadataAccess {

	private final EntityManager entityManager;

	private final EntityManagerFactory entityManagerFactory;

	private final TimeSortedIdRegistry registry;

	/**
	 * Creates the fragment.
	 * @param entityManagerFactory the entity manager factory
	 * @param registry the {@code @TimeSortedId} registry
	 */
	public TimeRangeRepositoryImpl(EntityManagerFactory entityManagerFactory, TimeSortedIdRegistry registry) {
		this.entityManager = SharedEntityManagerCreator.createSharedEntityManager(entityManagerFactory);
		this.entityManagerFactory = entityManagerFactory;
		this.registry = registry;
	}

	@Override
	public List<T> findCreatedBetween(Instant from, Instant to) {
		if (!from.isBefore(to)) {
			throw new IllegalArgumentException("from (" + from + ") must be before to (" + to + ")");
		}
		IdField field = field();
		return inTimeOrder(field, clamp(field, from, true), clamp(field, to, false));
	}

	@Override
	public List<T> findCreatedSince(Instant from) {
		IdField field = field();
		return inTimeOrder(field, clamp(field, from, true), null);
	}

	@Override
	public List<T> findCreatedBefore(Instant to) {
		IdField field = field();
		return inTimeOrder(field, null, clamp(field, to, false));
	}

	@Override
	public List<T> findPageAfter(@Nullable ID after, int limit) {
		return page(after, true, limit);
	}

	@Override
	public List<T> findPageBefore(@Nullable ID before, int limit) {
		return page(before, false, limit);
	}

	private List<T> page(@Nullable ID cursor, boolean inTimeOrder, int limit) {
		IdField field = field();
		Object id = (cursor != null) ? field.checkAssigned(cursor) : null;
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
		PartitionMaintenance maintenance = this.registry.partitionMaintenance().orElseThrow();
		EntityManager transactional = EntityManagerFactoryUtils.getTransactionalEntityManager(this.entityManagerFactory);
		EntityManager entityManager = (transactional != null) ? transactional : this.entityManagerFactory.createEntityManager();
		try {
			return PartitionWindows.of(entityManager.unwrap(Session.class)
				.doReturningWork(connection -> maintenance.ownPartitions(connection, table)));
		}
		finally {
			if (transactional == null) {
				entityManager.close();
			}
		}
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
	 * Runs {@code lower <= id < upper} in creation order ({@code inTimeOrder}) or its reverse. For
	 * newest-first IDs creation order is descending ID order, so the comparisons flip.
	 */
	private List<T> query(IdField field, @Nullable Bound after, @Nullable Bound before, boolean inTimeOrder,
			@Nullable Integer limit) {
		if (limit != null && limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		Class<T> domainType = domainType();
		boolean descendingIds = field.isDescending();
		String id = "e." + field.attribute();
		List<String> conditions = new ArrayList<>();
		if (after != null) {
			conditions.add(id + (descendingIds ? (after.inclusive ? " <= " : " < ") : (after.inclusive ? " >= " : " > "))
					+ ":after");
		}
		if (before != null) {
			conditions.add(id + (descendingIds ? " > " : " < ") + ":before");
		}
		// the repository's own type: a subclass entity shares its root's ID attribute, not its rows
		StringBuilder jpql = new StringBuilder("select e from ")
			.append(this.entityManager.getMetamodel().entity(domainType).getName())
			.append(" e");
		if (!conditions.isEmpty()) {
			jpql.append(" where ").append(String.join(" and ", conditions));
		}
		boolean ascendingIds = inTimeOrder != descendingIds;
		jpql.append(" order by ").append(id).append(ascendingIds ? " asc" : " desc");
		TypedQuery<T> query = this.entityManager.createQuery(jpql.toString(), domainType);
		if (after != null) {
			query.setParameter("after", after.id);
		}
		if (before != null) {
			query.setParameter("before", before.id);
		}
		if (limit != null) {
			query.setMaxResults(limit);
		}
		return query.getResultList();
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

	private static final class Bound {

		final Object id;

		final boolean inclusive;

		Bound(Object id, boolean inclusive) {
			this.id = id;
			this.inclusive = inclusive;
		}

	}

}
