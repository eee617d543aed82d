package io.github.timesortedid.autoconfigure;

import java.util.List;

import io.github.timesortedid.config.InsertProperties;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.insert.InsertObserver;
import io.github.timesortedid.insert.RetrySafeInserter;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.model.TimeSortedIdSettings;
import io.github.timesortedid.query.IdResolver;
import jakarta.persistence.EntityManagerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.retry.RetryPolicy;
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
		if (insert.getAttemptTimeout().isNegative() || insert.getAttemptTimeout().isZero()) {
			throw new InvalidSettingException(PropertyNames.INSERT_ATTEMPT_TIMEOUT, insert.getAttemptTimeout(),
					"use a positive duration of a second or more, e.g. 10s");
		}
		List<InsertObserver> all = observers.orderedStream().toList();
		InsertObserver observer = (entityName, outcome, attempts) -> all
			.forEach(each -> each.completed(entityName, outcome, attempts));
		return new RetrySafeInserter(entityManagerFactory, transactionManager, registry, retryPolicy(insert),
				insert.getAttemptTimeout(), all.isEmpty() ? InsertObserver.NONE : observer);
	}

	@Bean
	@ConditionalOnMissingBean
	IdResolver idResolver(TimeSortedIdRegistry registry, EntityManagerFactory entityManagerFactory) {
		return new IdResolver(registry, entityManagerFactory);
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
			return new KotlinRepositories(entityManagerFactories);
		}

	}

	static RetryPolicy retryPolicy(InsertProperties insert) {
		if (insert.getMaxAttempts() < 1) {
			throw new InvalidSettingException(PropertyNames.INSERT_MAX_ATTEMPTS, insert.getMaxAttempts(),
					"use 1 or more; 1 means no retries");
		}
		if (insert.getMultiplier() < 1) {
			throw new InvalidSettingException(PropertyNames.INSERT_MULTIPLIER, insert.getMultiplier(),
					"use 1 or more, e.g. 2");
		}
		return RetryPolicy.builder()
			.maxRetries(insert.getMaxAttempts() - 1)
			.delay(insert.getInitialDelay())
			.multiplier(insert.getMultiplier())
			.maxDelay(insert.getMaxDelay())
			.jitter(insert.getJitter())
			.predicate(RetrySafeInserter::isTransient)
			.build();
	}

}
