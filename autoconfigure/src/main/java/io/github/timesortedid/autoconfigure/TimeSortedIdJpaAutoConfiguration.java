package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.config.InsertProperties;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.insert.InsertObserver;
import io.github.timesortedid.insert.RetrySafeInserter;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.model.TimeSortedIdSettings;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.query.PersistenceApi;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.data.jpa.repository.support.JpaRepositoryFactoryBean;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Auto-configuration of what needs JPA: retry-safe inserts (a {@link RetrySafeInserter} bean, which
 * also backs the {@code InsertRepository} fragment, with retries from
 * {@code time-sorted-id.insert.*}) and the {@link IdResolver} that parses any ID and loads what it
 * names; and, in a Kotlin application, the unboxing of value classes passed to JPA repositories
 * ({@link KotlinValueClassArguments}).
 */
@AutoConfiguration(after = { HibernateJpaAutoConfiguration.class, TimeSortedIdAutoConfiguration.class })
@ConditionalOnClass({ EntityManagerFactory.class, RetryPolicy.class })
@ConditionalOnBean({ EntityManagerFactory.class, PlatformTransactionManager.class, TimeSortedIdRegistry.class })
public final class TimeSortedIdJpaAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RetrySafeInserter retrySafeInserter(EntityManagerFactory entityManagerFactory,
			PlatformTransactionManager transactionManager, TimeSortedIdRegistry registry,
			TimeSortedIdProperties properties, ObjectProvider<InsertObserver> observers) {
		InsertProperties insert = properties.getInsert();
		return new RetrySafeInserter(entityManagerFactory, transactionManager, registry,
				InsertSettings.retryPolicy(insert, RetrySafeInserter::isTransient), InsertSettings.attemptTimeout(insert),
				InsertSettings.observer(observers));
	}

	@Bean
	@ConditionalOnMissingBean
	IdResolver idResolver(TimeSortedIdRegistry registry, BeanFactory beans) {
		return new IdResolver(registry, PersistenceApi.loader(beans));
	}

	/**
	 * Hibernate's own reads at boot, tried again after a transient failure like the start-up checks.
	 * @param settings the starter's settings, which say how start-up reads retry
	 * @return the post-processor that gives the entity manager factory beans the retry
	 */
	@Bean
	static HibernateStartupRetry timeSortedIdHibernateStartupRetry(ObjectProvider<TimeSortedIdSettings> settings) {
		return new HibernateStartupRetry(settings);
	}

	/** Kotlin value classes in the arguments of JPA repositories, unboxed for Hibernate. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "kotlin.Metadata", "org.springframework.data.jpa.repository.support.JpaRepositoryFactoryBean" })
	static final class KotlinConfiguration {

		@Bean
		static KotlinRepositories timeSortedIdKotlinRepositories(ObjectProvider<EntityManagerFactory> entityManagerFactories) {
			// whether Hibernate maps a class as its own type, as the Java types it knows say; with several
			// persistence units, whether any of them does
			return new KotlinRepositories(JpaRepositoryFactoryBean.class, (type) -> entityManagerFactories.stream()
				.map((factory) -> factory.unwrap(SessionFactoryImplementor.class))
				.anyMatch((factory) -> factory.getTypeConfiguration().getJavaTypeRegistry().findDescriptor(type) != null));
		}

	}

}
