package io.github.timesortedid.metrics;

/**
 * The names of the meters this library registers, each documented in the reference guide's metrics table.
 */
public final class TimeSortedIdMetrics {

	/** IDs made, tagged {@code entity} and {@code algorithm}. */
	public static final String GENERATED = "time.sorted.id.generated";

	/** IDs a generator refused to make (an {@code IdGenerationException}), tagged {@code entity} and {@code algorithm}. */
	public static final String REFUSED = "time.sorted.id.refused";

	/** Retry-safe inserts, tagged {@code entity} and {@code outcome}. */
	public static final String INSERTS = "time.sorted.id.inserts";

	/** Attempts per retry-safe insert, a distribution tagged {@code entity}. */
	public static final String INSERT_ATTEMPTS = "time.sorted.id.insert.attempts";

	/** Clock steps back seen by the generators, tagged {@code algorithm}. */
	public static final String CLOCK_STEPS_BACK = "time.sorted.id.clock.steps.back";

	/** Waits of {@code snowflake} for the next millisecond, a timer tagged {@code algorithm}. */
	public static final String WAITS = "time.sorted.id.waits";

	/** Node leases taken. */
	public static final String LEASE_ACQUISITIONS = "time.sorted.id.lease.acquisitions";

	/** Node lease renewals, tagged {@code outcome} ({@code success} or {@code failure}). */
	public static final String LEASE_RENEWALS = "time.sorted.id.lease.renewals";

	/** Node leases lost to another instance. */
	public static final String LEASE_LOSSES = "time.sorted.id.lease.losses";

	/** Whether the node lease is valid now (1) or not (0), tagged {@code node}. */
	public static final String LEASE_VALID = "time.sorted.id.lease.valid";

	/** Partition maintenance runs, tagged {@code outcome} ({@code success}, {@code failure} or {@code skipped}). */
	public static final String PARTITION_MAINTENANCE = "time.sorted.id.partition.maintenance";

	/** Tables whose partition maintenance failed in a run, tagged {@code table} ({@code *} when the run could not start). */
	public static final String PARTITION_MAINTENANCE_FAILURES = "time.sorted.id.partition.maintenance.failures";

	/**
	 * Rows the last partition maintenance run left in a table's default partition (MariaDB: its
	 * last one), tagged {@code table}, counted up to {@code PartitionMaintenance.DEFAULT_ROWS_COUNTED}.
	 */
	public static final String PARTITION_DEFAULT_ROWS = "time.sorted.id.partition.default.rows";

	private TimeSortedIdMetrics() {
	}

}
