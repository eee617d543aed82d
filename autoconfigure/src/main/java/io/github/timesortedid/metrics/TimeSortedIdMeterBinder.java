package io.github.timesortedid.metrics;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;

/**
 * Binds the counts that the generators, attributes and node lease keep (plain {@code LongAdder}s,
 * so that generating an ID never calls into Micrometer) as function meters read at scrape time.
 */
final class TimeSortedIdMeterBinder implements MeterBinder {

	private final TimeSortedIdRegistry registry;

	private final @Nullable NodeLease lease;

	/**
	 * The groups the function meters read. Micrometer holds them weakly, so that a meter never keeps a
	 * closed application alive; this binder, a bean of the application, keeps them as long as it lives.
	 */
	private final List<Object> measured = new CopyOnWriteArrayList<>();

	TimeSortedIdMeterBinder(TimeSortedIdRegistry registry, @Nullable NodeLease lease) {
		this.registry = registry;
		this.lease = lease;
	}

	@Override
	public void bindTo(MeterRegistry meters) {
		List<IdField> fields = this.registry.fields();
		Map<List<String>, List<IdField>> byEntityAndAlgorithm = new LinkedHashMap<>();
		Map<IdAlgorithm, String> algorithms = new IdentityHashMap<>();
		for (IdField field : fields) {
			IdAlgorithm algorithm = field.format().algorithm();
			byEntityAndAlgorithm.computeIfAbsent(List.of(field.entityName(), algorithm.name()), key -> new ArrayList<>())
				.add(field);
			algorithms.put(algorithm, algorithm.name());
		}
		this.measured.addAll(byEntityAndAlgorithm.values());
		byEntityAndAlgorithm.forEach((key, group) -> {
			FunctionCounter.builder(TimeSortedIdMetrics.GENERATED, group, all -> sum(all, IdField::generatedCount))
				.description("IDs made for @TimeSortedId attributes")
				.tags("entity", key.get(0), "algorithm", key.get(1))
				.register(meters);
			FunctionCounter.builder(TimeSortedIdMetrics.REFUSED, group, all -> sum(all, IdField::refusedCount))
				.description("IDs refused for @TimeSortedId attributes (IdGenerationException)")
				.tags("entity", key.get(0), "algorithm", key.get(1))
				.register(meters);
		});
		Map<String, List<TimeOrderedIdAlgorithm>> timeOrdered = new LinkedHashMap<>();
		algorithms.keySet().forEach(algorithm -> {
			if (algorithm instanceof TimeOrderedIdAlgorithm ordered) {
				timeOrdered.computeIfAbsent(ordered.name(), name -> new ArrayList<>()).add(ordered);
			}
		});
		this.measured.addAll(timeOrdered.values());
		timeOrdered.forEach((name, group) -> {
			FunctionCounter.builder(TimeSortedIdMetrics.CLOCK_STEPS_BACK, group, all -> sum(all, TimeOrderedIdAlgorithm::clockStepsBack))
				.description("Times a generator's clock went back below a time it had given before, one per step")
				.tag("algorithm", name)
				.register(meters);
			if (group.stream().anyMatch(algorithm -> algorithm.name().equals("snowflake"))) {
				FunctionTimer
					.builder(TimeSortedIdMetrics.WAITS, group, all -> sum(all, TimeOrderedIdAlgorithm::waits),
							all -> sum(all, algorithm -> algorithm.waited().toNanos()), TimeUnit.NANOSECONDS)
					.description("Waits for the next millisecond after 4096 IDs in one")
					.tag("algorithm", name)
					.register(meters);
			}
		});
		if (this.lease != null) {
			bindLease(meters, this.lease);
		}
	}

	private static void bindLease(MeterRegistry meters, NodeLease lease) {
		FunctionCounter.builder(TimeSortedIdMetrics.LEASE_ACQUISITIONS, lease, held -> 1)
			.description("Node leases taken by this instance")
			.register(meters);
		FunctionCounter.builder(TimeSortedIdMetrics.LEASE_RENEWALS, lease, NodeLease::renewals)
			.description("Successful renewals of the node lease")
			.tag("outcome", "success")
			.register(meters);
		FunctionCounter.builder(TimeSortedIdMetrics.LEASE_RENEWALS, lease, NodeLease::failedRenewals)
			.description("Failed renewals of the node lease")
			.tag("outcome", "failure")
			.register(meters);
		FunctionCounter.builder(TimeSortedIdMetrics.LEASE_LOSSES, lease, held -> held.isLost() ? 1 : 0)
			.description("Node leases lost to another instance")
			.register(meters);
		Gauge.builder(TimeSortedIdMetrics.LEASE_VALID, lease, held -> held.isValid() ? 1 : 0)
			.description("1 while IDs may be made under the node lease, else 0")
			.tag("node", Integer.toString(lease.nodeId()))
			.register(meters);
	}

	private static <T> long sum(List<T> items, ToLongFunction<T> count) {
		long total = 0;
		for (T item : items) {
			total += count.applyAsLong(item);
		}
		return total;
	}

}
