package io.github.timesortedid.metrics;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.insert.InsertObserver;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partition.PartitionObserver;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of Micrometer metrics, when a {@link MeterRegistry} bean exists: IDs made,
 * clock steps back, {@code snowflake} waits, node lease renewals and losses, the outcomes and
 * attempts of retry-safe inserts, and partition maintenance runs and failures
 * ({@link TimeSortedIdMetrics} lists the names).
 */
@AutoConfiguration(after = { MetricsAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class,
		SimpleMetricsExportAutoConfiguration.class, TimeSortedIdAutoConfiguration.class })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
public final class TimeSortedIdMetricsAutoConfiguration {

	@Bean
	@ConditionalOnBean(TimeSortedIdRegistry.class)
	TimeSortedIdMeterBinder timeSortedIdMeterBinder(TimeSortedIdRegistry registry, ObjectProvider<NodeLease> lease) {
		return new TimeSortedIdMeterBinder(registry, lease.getIfAvailable());
	}

	/** The outcomes of retry-safe inserts: JPA's {@code RetrySafeInserter} and Spring Data JDBC's {@code insert()}. */
	@Bean
	InsertObserver timeSortedIdInsertMetrics(MeterRegistry meters) {
		return new MicrometerInsertObserver(meters);
	}

	/** The runs of the partition maintenance, whichever integration maps the partitioned tables. */
	@Bean
	PartitionObserver timeSortedIdPartitionMetrics(MeterRegistry meters) {
		return new MicrometerPartitionObserver(meters);
	}

}
