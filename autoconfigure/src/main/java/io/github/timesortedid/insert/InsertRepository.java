package io.github.timesortedid.insert;

/**
 * A Spring Data repository fragment: extend it next to {@code JpaRepository} to get
 * {@code postRepository.insert(post)}, a retry-safe insert that persists (never merges). Its
 * implementation is registered through {@code META-INF/spring.factories}, so the application's
 * repository packages need not include this one.
 *
 * @param <T> the entity type
 */
public interface InsertRepository<T> {

	/**
	 * Inserts an entity with {@link RetrySafeInserter#insert}.
	 * @param entity a new entity
	 * @return the stored entity, and whether this call created it
	 */
	InsertResult<T> insert(T entity);

}
