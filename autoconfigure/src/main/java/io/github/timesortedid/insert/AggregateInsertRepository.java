package io.github.timesortedid.insert;

/**
 * A Spring Data JDBC repository fragment: extend it next to {@code CrudRepository} (or
 * {@code ListCrudRepository}) to get {@code ticketRepository.insert(ticket)}, a retry-safe insert
 * of the whole aggregate. Its implementation is registered through {@code META-INF/spring.factories},
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

}
