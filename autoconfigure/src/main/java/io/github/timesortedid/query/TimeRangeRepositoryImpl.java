package io.github.timesortedid.query;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.TypedQuery;
import org.jspecify.annotations.Nullable;
import org.springframework.data.repository.core.RepositoryMethodContext;
import org.springframework.data.repository.core.support.RepositoryMetadataAccess;
import org.springframework.orm.jpa.SharedEntityManagerCreator;

/**
 * The implementation of {@link TimeRangeRepository}, created by Spring Data for each repository
 * that extends the fragment. Every query is JPQL comparing the identifier with bounds from
 * {@link IdField}; for newest-first algorithms ({@code kuuid} with {@code reverse}) the comparisons
 * and the order are mirrored. On a table partitioned by {@code time-sorted-id.partitions}, keyset
 * pages are read in windows of two partitions.
 *
 * @param <T> the entity type
 * @param <ID> the identifier type
 */
public class TimeRangeRepositoryImpl<T, ID> implements TimeRangeRepository<T, ID>, RepositoryMetadataAccess {

	private final EntityManager entityManager;

	private final TimeSortedIdRegistry registry;

	/**
	 * Creates the fragment.
	 * @param entityManagerFactory the entity manager factory
	 * @param registry the {@code @TimeSortedId} registry
	 */
	public TimeRangeRepositoryImpl(EntityManagerFactory entityManagerFactory, TimeSortedIdRegistry registry) {
		this.entityManager = SharedEntityManagerCreator.createSharedEntityManager(entityManagerFactory);
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
		IdField field = field();
		PartitionInterval interval = partitionInterval(field);
		if (after != null && interval != null) {
			return page(field, interval, field.checkAssigned(after), true, limit);
		}
		Bound lower = (after != null) ? new Bound(field.checkAssigned(after), false) : null;
		return query(field, lower, null, true, limit);
	}

	@Override
	public List<T> findPageBefore(@Nullable ID before, int limit) {
		IdField field = field();
		PartitionInterval interval = partitionInterval(field);
		if (before != null && interval != null) {
			return page(field, interval, field.checkAssigned(before), false, limit);
		}
		Bound upper = (before != null) ? new Bound(field.checkAssigned(before), false) : null;
		return query(field, null, upper, false, limit);
	}

	/**
	 * A page of a table partitioned by the time inside its IDs, read in windows of two intervals
	 * (the one of the cursor and the next, or the previous), so that each query can scan at most two
	 * partitions: an open range from the cursor would make the database start a scan in every
	 * partition beyond it. A window that runs dry leads to the nearest ID past it, one lookup.
	 */
	private List<T> page(IdField field, PartitionInterval interval, Object cursor, boolean ascending, int limit) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		TimeOrderedIdAlgorithm algorithm = field.timeOrdered();
		List<T> page = new ArrayList<>();
		Bound from = new Bound(cursor, false);
		Instant at = field.instantOf(cursor);
		while (page.size() < limit) {
			Instant edge = ascending ? interval.next(interval.next(at))
					: interval.start(interval.start(at).minus(1, algorithm.precision()));
			boolean open = ascending ? edge.isAfter(algorithm.maxInstant()) : edge.isBefore(algorithm.minInstant());
			Object edgeId = open ? null : field.lowest(edge);
			Bound far = (edgeId != null) ? new Bound(edgeId, true) : null;
			page.addAll(ascending ? query(field, from, far, true, limit - page.size())
					: query(field, far, from, false, limit - page.size()));
			Object next = (page.size() < limit && edgeId != null) ? nearest(field, edgeId, ascending) : null;
			if (next == null) {
				break;
			}
			at = field.instantOf(next);
			// ascending: from the window's end on (included); descending: below its start
			from = new Bound(edgeId, true);
		}
		return page;
	}

	/** The lowest ID at or above {@code edge}, or the highest below it; {@code null} if there is none. */
	private @Nullable Object nearest(IdField field, Object edge, boolean above) {
		// ordered and limited rather than min() and max(), which PostgreSQL has not for uuid
		String id = "e." + field.attribute();
		String jpql = "select " + id + " from " + this.entityManager.getMetamodel().entity(domainType()).getName()
				+ " e where " + id + (above ? " >= " : " < ") + ":edge order by " + id + (above ? " asc" : " desc");
		List<?> found = this.entityManager.createQuery(jpql).setParameter("edge", edge).setMaxResults(1).getResultList();
		return found.isEmpty() ? null : found.get(0);
	}

	/** The interval of the entity's partitions, if its table is partitioned on this database. */
	private @Nullable PartitionInterval partitionInterval(IdField field) {
		return this.registry.partitionMaintenance()
			.flatMap(maintenance -> maintenance.table(field))
			.map(table -> table.settings().interval())
			.orElse(null);
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
