package io.github.timesortedid.partitioning;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One partition of a partitioned table, as the database's catalog lists it.
 *
 * @param name the partition's name: a table on PostgreSQL, a partition of the table on MariaDB
 * @param bounds the bounds as the database prints them, e.g. {@code FOR VALUES FROM ('…') TO ('…')},
 * {@code DEFAULT} or {@code VALUES LESS THAN (MAXVALUE)}
 * @param from the first instant whose IDs it holds, or {@code null} if it has no lower bound (or one
 * that is no bound of these IDs)
 * @param to the first instant whose IDs it no longer holds, or {@code null} if it has no upper bound
 * @param isDefault whether it takes the rows no other partition takes: PostgreSQL's default
 * partition, MariaDB's partition up to {@code MAXVALUE}
 * @param estimatedRows the database's estimate of its rows, or {@code null} before the first
 * {@code ANALYZE}
 */
public record Partition(String name, String bounds, @Nullable Instant from, @Nullable Instant to, boolean isDefault,
		@Nullable Long estimatedRows) {

	/** Tells whether this partition holds IDs of an instant. */
	boolean holds(Instant instant) {
		return !this.isDefault && (this.from == null || !instant.isBefore(this.from))
				&& (this.to == null || instant.isBefore(this.to));
	}

	/** Tells whether this partition holds IDs of some instant of {@code [start, end)}. */
	boolean overlaps(Instant start, Instant end) {
		return !this.isDefault && (this.from == null || this.from.isBefore(end))
				&& (this.to == null || this.to.isAfter(start));
	}

}
