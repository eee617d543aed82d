package io.github.timesortedid.partition;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import io.github.timesortedid.config.PartitionMaintenanceProperties;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.jdbc.AggregateIds;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import jakarta.persistence.EntityManagerFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.task.ThreadPoolTaskSchedulerBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Auto-configuration of the maintenance of tables partitioned by {@code time-sorted-id.partitions}:
 * a {@link PartitionMaintainer} that runs at startup and every
 * {@code time-sorted-id.partition-maintenance.period}, on the application's {@link TaskScheduler}
 * if it has exactly one, else on a scheduler thread of its own; with
 * {@code time-sorted-id.partition-maintenance.run-once}, once, after which the application exits.
 * Nothing is made when no table is partitioned on this database (none is configured, or the
 * database is H2). The tables are JPA entities' (Hibernate finds them as it boots) and Spring Data
 * JDBC aggregates' (found once the repositories are up): with Spring Data JDBC, the maintainer waits
 * for the aggregates, and in an application with both it keeps the tables of both.
 */
@AutoConfiguration(after = { TimeSortedIdAutoConfiguration.class, TimeSortedIdDataJdbcAutoConfiguration.class,
		TaskSchedulingAutoConfiguration.class },
		afterName = "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration")
@ConditionalOnBean({ TimeSortedIdRegistry.class, DataSource.class })
@ConditionalOnBooleanProperty(name = PropertyNames.PARTITION_MAINTENANCE_ENABLED, matchIfMissing = true)
public final class TimeSortedIdPartitionAutoConfiguration {

	@Bean
	@ConditionalOnBooleanProperty(PropertyNames.PARTITION_MAINTENANCE_RUN_ONCE)
	PartitionMaintenanceJob timeSortedIdPartitionMaintenanceJob(ObjectProvider<PartitionMaintainer> maintainer,
			ConfigurableApplicationContext context) {
		return new PartitionMaintenanceJob(maintainer::getIfAvailable, context);
	}

	/**
	 * The tables of JPA entities, in an application without Spring Data JDBC: the entity manager
	 * factory has booted Hibernate, which found them.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(EntityManagerFactory.class)
	@ConditionalOnBean(EntityManagerFactory.class)
	@ConditionalOnMissingBean(type = "io.github.timesortedid.jdbc.AggregateIds")
	static final class JpaTables {

		@Bean
		@ConditionalOnMissingBean
		@Nullable PartitionMaintainer timeSortedIdPartitionMaintainer(TimeSortedIdRegistry registry,
				EntityManagerFactory entityManagerFactory, DataSource dataSource, TimeSortedIdProperties properties,
				ObjectProvider<TaskScheduler> schedulers, ObjectProvider<ThreadPoolTaskSchedulerBuilder> builder,
				ObjectProvider<PartitionObserver> observers) {
			return maintainer(registry, dataSource, properties, schedulers, builder, observers);
		}

	}

	/**
	 * The tables of Spring Data JDBC aggregates, and of JPA entities in an application with both,
	 * which the registry knows once every singleton is made (the repositories have made their
	 * aggregates known then, the entity manager factory has booted Hibernate): the maintainer is made
	 * lazily, when the context starts its lifecycle beans, which comes after that.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ JdbcAggregateTemplate.class, AggregateIds.class })
	@ConditionalOnBean(AggregateIds.class)
	static final class AggregateTables {

		@Bean
		@Lazy
		@ConditionalOnMissingBean
		@Nullable PartitionMaintainer timeSortedIdPartitionMaintainer(TimeSortedIdRegistry registry, DataSource dataSource,
				TimeSortedIdProperties properties, ObjectProvider<TaskScheduler> schedulers,
				ObjectProvider<ThreadPoolTaskSchedulerBuilder> builder, ObjectProvider<PartitionObserver> observers) {
			return maintainer(registry, dataSource, properties, schedulers, builder, observers);
		}

	}

	private static @Nullable PartitionMaintainer maintainer(TimeSortedIdRegistry registry, DataSource dataSource,
			TimeSortedIdProperties properties, ObjectProvider<TaskScheduler> schedulers,
			ObjectProvider<ThreadPoolTaskSchedulerBuilder> builder, ObjectProvider<PartitionObserver> observers) {
		PartitionMaintenance maintenance = registry.partitionMaintenance().orElse(null);
		if (maintenance == null) {
			return null;
		}
		PartitionMaintenanceProperties settings = properties.getPartitionMaintenance();
		positive(PropertyNames.PARTITION_MAINTENANCE_PERIOD, settings.getPeriod());
		positive(PropertyNames.PARTITION_MAINTENANCE_LOCK_TIMEOUT, settings.getLockTimeout());
		TaskScheduler scheduler = schedulers.getIfUnique();
		ThreadPoolTaskScheduler own = null;
		if (scheduler == null) {
			own = builder.getIfAvailable(ThreadPoolTaskSchedulerBuilder::new)
				.poolSize(1)
				.threadNamePrefix("time-sorted-id-partitions-")
				.build();
			own.initialize();
			scheduler = own;
		}
		List<PartitionObserver> all = observers.orderedStream().toList();
		PartitionObserver observer = (run) -> all.forEach(each -> each.completed(run));
		Clock clock = registry.settings().options().clock();
		return new PartitionMaintainer(maintenance, dataSource, clock, settings.getPeriod(), settings.getLockTimeout(),
				scheduler, own, all.isEmpty() ? PartitionObserver.NONE : observer, settings.isRunOnce());
	}

	private static void positive(String property, Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw new InvalidSettingException(property, value, "use a positive duration, e.g. 1h or 5s");
		}
	}

}
