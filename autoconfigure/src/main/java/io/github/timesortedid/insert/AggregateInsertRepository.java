package io.github.timesortedid.insert;

import java.util.List;

/**
 * A Spring Data JDBC repository fragment: extend it next to {@code CrudRepository} (or
 * {@code ListCrudRepository}) to get {@code ticketRepository.insert(ticket)}, a retry-safe insert
 * of the whole aggregate, and {@code insertAll(tickets)}, the same for a batch. Its implementation is registered through {@code META-INF/spring.factories},
 * so the application's repository packages need not include this one.
 *
 * @param <T> the aggregate root type
 */
public interface AggregateInsertRepository<T> {

	/**
	 * Inserts an aggregate with {@link RetrySafeAggregateInserter#insert}.
	 * @param aggregate a new aggregate
	 * @return the stored aggregate, and whether this call created it
	 */
	InsertResult<T> insert(T aggregate);

	/**
	 * Inserts aggregates in one batch per attempt with {@link RetrySafeAggregateInserter#insertAll}: a
	 * retry-safe import, all or nothing.
	 * @param aggregates new aggregates, or replays of stored ones
	 * @return for each aggregate, in the order given, the stored aggregate and whether this call created it
	 */
	List<InsertResult<T>> insertAll(Iterable<T> aggregates);

}
