package io.github.timesortedid.metrics;

import io.github.timesortedid.insert.InsertObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;

/** Counts retry-safe insert outcomes and records their attempts in Micrometer. */
final class MicrometerInsertObserver implements InsertObserver {

	private final MeterRegistry meters;

	MicrometerInsertObserver(MeterRegistry meters) {
		this.meters = meters;
	}

	@Override
	public void completed(String entityName, Outcome outcome, int attempts) {
		Counter.builder(TimeSortedIdMetrics.INSERTS)
			.description("Retry-safe inserts by how they ended")
			.tags("entity", entityName, "outcome", outcome.tagValue())
			.register(this.meters)
			.increment();
		DistributionSummary.builder(TimeSortedIdMetrics.INSERT_ATTEMPTS)
			.description("Attempts per retry-safe insert")
			.tag("entity", entityName)
			.register(this.meters)
			.record(attempts);
	}

}
