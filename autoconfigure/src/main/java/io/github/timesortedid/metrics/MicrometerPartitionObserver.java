package io.github.timesortedid.metrics;

import io.github.timesortedid.partition.PartitionObserver;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** Counts partition maintenance runs by outcome, and the tables whose maintenance failed, in Micrometer. */
final class MicrometerPartitionObserver implements PartitionObserver {

	private final MeterRegistry meters;

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
	}

}
