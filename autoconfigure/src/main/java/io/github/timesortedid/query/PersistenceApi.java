package io.github.timesortedid.query;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.data.jdbc.core.JdbcAggregateOperations;
import org.springframework.orm.jpa.EntityManagerFactoryUtils;
import org.springframework.util.ClassUtils;

/**
 * The persistence API that stores a domain type, for the repository fragments that serve JPA and
 * Spring Data JDBC repositories with one implementation ({@code spring.factories} names one
 * implementation per fragment, whatever module makes the repository): JPA for an entity the
 * application's entity manager factory manages, Spring Data JDBC for anything else in an
 * application that has it.
 */
public enum PersistenceApi {

	/** Jakarta Persistence through the application's entity manager factory. */
	JPA,

	/** Spring Data JDBC through the application's aggregate template. */
	DATA_JDBC;

	// neither API may be on the classpath: each is looked at only when present
	private static final boolean JPA_PRESENT = ClassUtils.isPresent("jakarta.persistence.EntityManagerFactory", null)
			&& ClassUtils.isPresent("org.springframework.orm.jpa.SharedEntityManagerCreator", null);

	private static final boolean DATA_JDBC_PRESENT = ClassUtils
		.isPresent("org.springframework.data.jdbc.core.JdbcAggregateOperations", null);

	/**
	 * Returns the API that stores a domain type in an application.
	 * @param beans the application's beans
	 * @param domainType the entity or aggregate root type
	 * @param refusal what cannot be done with a type neither API stores, for the message: {@code "it
	 * cannot be inserted"}
	 * @return the API
	 * @throws IllegalStateException if neither API stores the type
	 */
	public static PersistenceApi storing(BeanFactory beans, Class<?> domainType, String refusal) {
		if (JPA_PRESENT && Jpa.manages(beans, domainType)) {
			return JPA;
		}
		if (DATA_JDBC_PRESENT && DataJdbc.present(beans)) {
			return DATA_JDBC;
		}
		throw new IllegalStateException(domainType.getName()
				+ " is neither an entity of the application's entity manager factory nor stored by Spring Data JDBC, so "
				+ refusal);
	}

	/**
	 * Returns a loader for the {@link IdResolver} that loads each type through the API that stores it,
	 * so that an application with both APIs (or with both starters on its classpath) resolves every ID.
	 * @param beans the application's beans
	 * @return the loader
	 */
	public static IdResolver.Loader loader(BeanFactory beans) {
		// the API of each type, chosen on its first load
		Map<Class<?>, PersistenceApi> apis = new ConcurrentHashMap<>();
		return (type, id) -> switch (apis.computeIfAbsent(type,
				(domainType) -> storing(beans, domainType, "its IDs cannot be loaded"))) {
			case JPA -> Jpa.find(beans, type, id);
			case DATA_JDBC -> DataJdbc.find(beans, type, id);
		};
	}

	/** What needs Jakarta Persistence, loaded only when it is on the classpath. */
	private static final class Jpa {

		static <T> @Nullable T find(BeanFactory beans, Class<T> type, Object id) {
			// as Spring's shared entity manager does: the transaction's own, else one for this read alone
			EntityManagerFactory entityManagerFactory = beans.getBean(EntityManagerFactory.class);
			EntityManager transactional = EntityManagerFactoryUtils.getTransactionalEntityManager(entityManagerFactory);
			if (transactional != null) {
				return transactional.find(type, id);
			}
			try (EntityManager entityManager = entityManagerFactory.createEntityManager()) {
				return entityManager.find(type, id);
			}
		}

		static boolean manages(BeanFactory beans, Class<?> domainType) {
			EntityManagerFactory entityManagerFactory = beans.getBeanProvider(EntityManagerFactory.class).getIfUnique();
			return entityManagerFactory != null && entityManagerFactory.getMetamodel()
				.getEntities()
				.stream()
				.anyMatch(entity -> entity.getJavaType() == domainType);
		}

	}

	/** What needs Spring Data JDBC, loaded only when it is on the classpath. */
	private static final class DataJdbc {

		static <T> @Nullable T find(BeanFactory beans, Class<T> type, Object id) {
			return beans.getBean(JdbcAggregateOperations.class).findById(id, type);
		}

		static boolean present(BeanFactory beans) {
			return beans.getBeanProvider(JdbcAggregateOperations.class).getIfUnique() != null;
		}

	}

}
