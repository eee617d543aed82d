package io.github.timesortedid.partition;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.config.PartitionMaintenanceProperties;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.InvalidSettingException;
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
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.task.ThreadPoolTaskSchedulerBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Auto-configuration of the maintenance of tables partitioned by {@code time-sorted-id.partitions}:
 * a {@link PartitionMaintainer} that runs at startup and every
 * {@code time-sorted-id.partition-maintenance.period}, on the application's {@link TaskScheduler}
 * if it has exactly one, else on a scheduler thread of its own; with
 * {@code time-sorted-id.partition-maintenance.run-once}, once, after which the application exits.
 * Nothing is made when no table is partitioned on this database (none is configured, or the
 * database is H2).
 */
@AutoConfiguration(after = { HibernateJpaAutoConfiguration.class, TimeSortedIdAutoConfiguration.class,
		TaskSchedulingAutoConfiguration.class })
@ConditionalOnClass(EntityManagerFactory.class)
@ConditionalOnBean({ EntityManagerFactory.class, TimeSortedIdRegistry.class, DataSource.class })
@ConditionalOnBooleanProperty(name = PropertyNames.PARTITION_MAINTENANCE_ENABLED, matchIfMissing = true)
public final class TimeSortedIdPartitionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@Nullable PartitionMaintainer timeSortedIdPartitionMaintainer(TimeSortedIdRegistry registry,
			EntityManagerFactory entityManagerFactory, DataSource dataSource, TimeSortedIdProperties properties,
			ObjectProvider<TaskScheduler> schedulers, ObjectProvider<ThreadPoolTaskSchedulerBuilder> builder,
			ObjectProvider<PartitionObserver> observers) {
		// the entity manager factory has booted Hibernate, which found the partitioned tables
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

	@Bean
	@ConditionalOnBooleanProperty(PropertyNames.PARTITION_MAINTENANCE_RUN_ONCE)
	PartitionMaintenanceJob timeSortedIdPartitionMaintenanceJob(ObjectProvider<PartitionMaintainer> maintainer,
			ConfigurableApplicationContext context) {
		return new PartitionMaintenanceJob(maintainer::getIfAvailable, context);
	}

	private static void positive(String property, Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw new InvalidSettingException(property, value, "use a positive duration, e.g. 1h or 5s");
		}
	}

}
