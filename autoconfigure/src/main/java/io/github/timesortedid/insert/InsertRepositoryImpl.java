package io.github.timesortedid.insert;

/**
 * The implementation of {@link InsertRepository}, created by Spring Data for each repository that
 * extends the fragment.
 *
 * @param <T> the entity type
 */
public class InsertRepositoryImpl<T> implements InsertRepository<T> {

	private final RetrySafeInserter inserter;

	/**
	 * Creates the fragment.
	 * @param inserter the inserter bean
	 */
	public InsertRepositoryImpl(RetrySafeInserter inserter) {
		this.inserter = inserter;
	}

	@Override
	public InsertResult<T> insert(T entity) {
		return this.inserter.insert(entity);
	}

}
