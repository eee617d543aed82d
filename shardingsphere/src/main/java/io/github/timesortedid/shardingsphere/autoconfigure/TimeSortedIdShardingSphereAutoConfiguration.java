package io.github.timesortedid.shardingsphere.autoconfigure;

import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.jdbc.AggregateIds;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.model.TimeSortedIdSettings;
import io.github.timesortedid.schema.SchemaCheck;
import io.github.timesortedid.shardingsphere.ShardSchemaCheck;
import io.github.timesortedid.shardingsphere.ShardingRuleCheck;
import jakarta.persistence.EntityManagerFactory;
import org.apache.shardingsphere.driver.jdbc.core.connection.ShardingSphereConnection;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jpa.autoconfigure.EntityManagerFactoryDependsOnPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;

/**
 * The starter on a ShardingSphere-JDBC data source: at start-up, {@link ShardSchemaCheck} compares
 * every shard's tables (the starter's schema check reads one shard through ShardingSphere), unless
 * {@code time-sorted-id.schema-check.enabled} is false; once the application's mapping is known
 * (JPA's entity manager factory, Spring Data JDBC's aggregates), {@link ShardingRuleCheck} compares
 * the sharding rules with the IDs their columns hold. The Hibernate dialects that page correctly
 * across shards need no configuration: Hibernate finds their resolver itself.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class,
		afterName = "io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration")
@ConditionalOnClass(ShardingSphereConnection.class)
@ConditionalOnBean(DataSource.class)
public class TimeSortedIdShardingSphereAutoConfiguration {

	private static final String SCHEMA_CHECK_ENABLED = "time-sorted-id.schema-check.enabled";

	/** Made by Spring Boot. */
	public TimeSortedIdShardingSphereAutoConfiguration() {
	}

	/**
	 * Checks the shards' tables once the data source is there, each shard's reads tried again
	 * after a transient failure as the starter's own checks are
	 * ({@code time-sorted-id.schema-check.retry-timeout}).
	 * @param dataSource the application's data source; others than ShardingSphere's are left alone
	 * @param settings the starter's settings, which say how the checks retry
	 * @return the check, run when the bean is initialized
	 */
	@Bean
	@ConditionalOnBooleanProperty(name = SCHEMA_CHECK_ENABLED, matchIfMissing = true)
	InitializingBean timeSortedIdShardSchemaCheck(DataSource dataSource, ObjectProvider<TimeSortedIdSettings> settings) {
		return () -> ShardSchemaCheck.check(dataSource,
				settings.getIfAvailable(TimeSortedIdSettings::defaults).startupRetry());
	}

	/**
	 * Checks the sharding rules against the IDs of the mapped columns once every singleton is made:
	 * JPA's entity manager factory has registered its attributes by then, and Spring Data JDBC's
	 * aggregates are registered by the starter's own callback, which comes first (this
	 * auto-configuration is ordered after it). Reads ShardingSphere's rules, not the database.
	 * @param dataSource the application's data source; others than ShardingSphere's are left alone
	 * @param registry the starter's registry, if the application has one
	 * @param mappings the columns that hold IDs, one source per persistence API
	 * @return the check
	 */
	@Bean
	SmartInitializingSingleton timeSortedIdShardingRuleCheck(ObjectProvider<DataSource> dataSource,
			ObjectProvider<TimeSortedIdRegistry> registry, ObjectProvider<MappedIdColumns> mappings) {
		return () -> {
			DataSource shards = dataSource.getIfUnique();
			TimeSortedIdRegistry ids = registry.getIfUnique();
			if (shards != null && ids != null) {
				List<SchemaCheck.Target> columns = mappings.orderedStream()
					.flatMap(mapping -> mapping.idColumns(ids).stream())
					.toList();
				ShardingRuleCheck.check(shards, columns, ids.settings().startupRetry());
			}
		};
	}

	/** The columns of one persistence API that hold IDs, each with the attribute whose IDs it holds. */
	@FunctionalInterface
	interface MappedIdColumns {

		List<SchemaCheck.Target> idColumns(TimeSortedIdRegistry registry);

	}

	/**
	 * Runs the check before JPA starts, whose schema check reads one shard: a shard that differs is
	 * then reported as such, whichever shard ShardingSphere reads.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(EntityManagerFactory.class)
	@ConditionalOnBooleanProperty(name = SCHEMA_CHECK_ENABLED, matchIfMissing = true)
	static class EntityManagerFactoryAfterShardSchemaCheck extends EntityManagerFactoryDependsOnPostProcessor {

		EntityManagerFactoryAfterShardSchemaCheck() {
			super("timeSortedIdShardSchemaCheck");
		}

	}

	/** The ID columns of JPA's persistence units, from Hibernate's mapping model. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ EntityManagerFactory.class, SessionFactoryImplementor.class })
	static class JpaIdColumns {

		@Bean
		MappedIdColumns timeSortedIdJpaIdColumns(ObjectProvider<EntityManagerFactory> entityManagerFactories) {
			return registry -> entityManagerFactories.orderedStream()
				.flatMap(factory -> HibernateIdColumns.of(factory, registry).stream())
				.toList();
		}

	}

	/** The ID columns of Spring Data JDBC's aggregates, as the starter registered them. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ JdbcAggregateTemplate.class, AggregateIds.class })
	static class AggregateIdColumns {

		@Bean
		MappedIdColumns timeSortedIdAggregateIdColumns(ObjectProvider<AggregateIds> aggregates) {
			return registry -> aggregates.orderedStream().flatMap(ids -> ids.idColumns().stream()).toList();
		}

	}

}
