package io.github.timesortedid.insert;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.timesortedid.query.PersistenceApi;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.data.repository.core.RepositoryMethodContext;
import org.springframework.data.repository.core.support.RepositoryMetadataAccess;

/**
 * The implementation of {@link InsertRepository}, created by Spring Data for each repository that
 * extends the fragment, JPA's and Spring Data JDBC's alike: a JPA entity is inserted by the
 * {@link RetrySafeInserter}, a Spring Data JDBC aggregate by the {@link RetrySafeAggregateInserter}.
 *
 * @param <T> the entity type
 */
public class InsertRepositoryImpl<T> implements InsertRepository<T>, RepositoryMetadataAccess {

	private final BeanFactory beans;

	/** The API of each domain type, chosen on its first insert. */
	private final Map<Class<?>, PersistenceApi> apis = new ConcurrentHashMap<>();

	/**
	 * Creates the fragment.
	 * @param beans the application's beans, which hold the inserter of its persistence API
	 */
	public InsertRepositoryImpl(BeanFactory beans) {
		this.beans = beans;
	}

	@Override
	public InsertResult<T> insert(T entity) {
		Class<?> domainType = RepositoryMethodContext.getContext().getMetadata().getDomainType();
		PersistenceApi api = this.apis.computeIfAbsent(domainType,
				(type) -> PersistenceApi.storing(this.beans, type, "it cannot be inserted"));
		return switch (api) {
			case JPA -> this.beans.getBean(RetrySafeInserter.class).insert(entity);
			case DATA_JDBC -> this.beans.getBean(RetrySafeAggregateInserter.class).insert(entity);
		};
	}

}
