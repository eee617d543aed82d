package io.github.timesortedid.query;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A Spring Data repository fragment, for JPA and Spring Data JDBC repositories alike, for entities
 * (aggregates) whose {@code @Id} is a time-ordered {@code @TimeSortedId}: queries by creation time and keyset pages, each a comparison on the
 * primary key, so the database answers with a range scan of the primary-key index and no
 * {@code created_at} column. Instants are truncated to the algorithm's precision; those outside its
 * range are clamped to it. Entities whose algorithm carries no time ({@code random},
 * {@code couchdb-random}, {@code couchdb-sequential}) refuse these queries with an
 * {@link UnsupportedOperationException}.
 *
 * @param <T> the entity type
 * @param <ID> the identifier type
 */
public interface TimeRangeRepository<T, ID> {

	/**
	 * Finds the entities created in {@code [from, to)}, oldest first.
	 * @param from the first instant included
	 * @param to the first instant excluded, after {@code from}
	 * @return the entities
	 */
	List<T> findCreatedBetween(Instant from, Instant to);

	/**
	 * Finds the entities created at or after an instant, oldest first.
	 * @param from the first instant included
	 * @return the entities
	 */
	List<T> findCreatedSince(Instant from);

	/**
	 * Finds the entities created before an instant, oldest first.
	 * @param to the first instant excluded
	 * @return the entities
	 */
	List<T> findCreatedBefore(Instant to);

	/**
	 * Returns a page in creation order, oldest first: the entities created after the one with ID
	 * {@code after} (all from the start if {@code null}).
	 * @param after the last ID of the previous page, or {@code null}
	 * @param limit the most entities to return, at least 1
	 * @return the page
	 */
	List<T> findPageAfter(@Nullable ID after, int limit);

	/**
	 * Returns a page in reverse creation order, newest first: the entities created before the one
	 * with ID {@code before} (all from the newest if {@code null}).
	 * @param before the last ID of the previous page, or {@code null}
	 * @param limit the most entities to return, at least 1
	 * @return the page
	 */
	List<T> findPageBefore(@Nullable ID before, int limit);

}
