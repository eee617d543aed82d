package io.github.timesortedid.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.github.timesortedid.partition.PartitionObserver;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts partition maintenance runs by outcome and the tables whose maintenance failed, and gauges
 * the rows each run left in each default partition, in Micrometer.
 */
final class MicrometerPartitionObserver implements PartitionObserver {

	private final MeterRegistry meters;

	/** The rows the last run left in each table's default partition; the gauges read them. */
	private final Map<String, AtomicLong> defaultRows = new ConcurrentHashMap<>();

	MicrometerPartitionObserver(MeterRegistry meters) {
		this.meters = meters;
	}

	@Override
	public void completed(PartitionMaintenance.Run run) {
		String outcome = !run.ran() ? "skipped" : run.failures().isEmpty() ? "success" : "failure";
		Counter.builder(TimeSortedIdMetrics.PARTITION_MAINTENANCE)
			.description("Partition maintenance runs by how they ended (skipped: another instance held the lock)")
			.tag("outcome", outcome)
			.register(this.meters)
			.increment();
		run.failures()
			.forEach(failure -> Counter.builder(TimeSortedIdMetrics.PARTITION_MAINTENANCE_FAILURES)
				.description("Tables whose partition maintenance failed, one per table and run")
				.tag("table", failure.table())
				.register(this.meters)
				.increment());
		run.defaultRows().forEach((table, rows) -> this.defaultRows.computeIfAbsent(table, this::gauge).set(rows));
	}

	private AtomicLong gauge(String table) {
		AtomicLong rows = new AtomicLong();
		Gauge.builder(TimeSortedIdMetrics.PARTITION_DEFAULT_ROWS, rows, AtomicLong::get)
			.description("Rows the last partition maintenance run left in the default partition of a table")
			.tag("table", table)
			.register(this.meters);
		return rows;
	}

}
