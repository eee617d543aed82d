package io.github.timesortedid.shardingsphere.autoconfigure;

import javax.sql.DataSource;

import io.github.timesortedid.model.TimeSortedIdSettings;
import io.github.timesortedid.shardingsphere.ShardSchemaCheck;
import jakarta.persistence.EntityManagerFactory;
import org.apache.shardingsphere.driver.jdbc.core.connection.ShardingSphereConnection;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jpa.autoconfigure.EntityManagerFactoryDependsOnPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The starter on a ShardingSphere-JDBC data source: at start-up, {@link ShardSchemaCheck} compares
 * every shard's tables (the starter's schema check reads one shard through ShardingSphere), unless
 * {@code time-sorted-id.schema-check.enabled} is false. The Hibernate dialects that page correctly
 * across shards need no configuration: Hibernate finds their resolver itself.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class)
@ConditionalOnClass(ShardingSphereConnection.class)
@ConditionalOnBean(DataSource.class)
@ConditionalOnBooleanProperty(name = "time-sorted-id.schema-check.enabled", matchIfMissing = true)
public class TimeSortedIdShardingSphereAutoConfiguration {

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
	InitializingBean timeSortedIdShardSchemaCheck(DataSource dataSource, ObjectProvider<TimeSortedIdSettings> settings) {
		return () -> ShardSchemaCheck.check(dataSource,
				settings.getIfAvailable(TimeSortedIdSettings::defaults).startupRetry());
	}

	/**
	 * Runs the check before JPA starts, whose schema check reads one shard: a shard that differs is
	 * then reported as such, whichever shard ShardingSphere reads.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(EntityManagerFactory.class)
	static class EntityManagerFactoryAfterShardSchemaCheck extends EntityManagerFactoryDependsOnPostProcessor {

		EntityManagerFactoryAfterShardSchemaCheck() {
			super("timeSortedIdShardSchemaCheck");
		}

	}

}
