package io.github.timesortedid.insert;

import java.util.List;

/**
 * The implementation of {@link AggregateInsertRepository}, created by Spring Data for each repository
 * that extends the fragment.
 *
 * @param <T> the aggregate root type
 */
public class AggregateInsertRepositoryImpl<T> implements AggregateInsertRepository<T> {

	private final RetrySafeAggregateInserter inserter;

	/**
	 * Creates the fragment.
	 * @param inserter the inserter bean
	 */
	public AggregateInsertRepositoryImpl(RetrySafeAggregateInserter inserter) {
		this.inserter = inserter;
	}

	@Override
	public InsertResult<T> insert(T aggregate) {
		return this.inserter.insert(aggregate);
	}

	@Override
	public List<InsertResult<T>> insertAll(Iterable<T> aggregates) {
		return this.inserter.insertAll(aggregates);
	}

}
