package io.github.timesortedid.config;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/** The partitions of one entity's table, ranges of its IDs cut at the instants an interval starts. */
public class PartitionProperties {

	/**
	 * Time each partition covers, in UTC: hour, day, week (from Monday), month or year.
	 */
	private PartitionInterval interval = PartitionInterval.MONTH;

	/**
	 * Number of future partitions kept ready beyond the current one, so that rows of the coming
	 * intervals find their partition even if maintenance cannot run for a while.
	 */
	private int premake = 4;

	/**
	 * How long rows are kept: a partition whose interval ended longer ago than this is detached or
	 * dropped (the retention action); none keeps every partition. At least one interval.
	 */
	private @Nullable Duration retention;

	/**
	 * What happens to a partition past the retention: detach (its rows stay in a table of their
	 * own) or drop (its rows are deleted).
	 */
	private RetentionAction retentionAction = RetentionAction.DETACH;

	/**
	 * Schema (on MariaDB, database) that detached partitions move to, made if it is missing, as
	 * pg_partman's retention_schema; none leaves them beside the table. Only with the detach
	 * retention action.
	 */
	private @Nullable String archiveSchema;

	public PartitionInterval getInterval() {
		return this.interval;
	}

	public void setInterval(PartitionInterval interval) {
		this.interval = interval;
	}

	public int getPremake() {
		return this.premake;
	}

	public void setPremake(int premake) {
		this.premake = premake;
	}

	public @Nullable Duration getRetention() {
		return this.retention;
	}

	public void setRetention(@Nullable Duration retention) {
		this.retention = retention;
	}

	public RetentionAction getRetentionAction() {
		return this.retentionAction;
	}

	public void setRetentionAction(RetentionAction retentionAction) {
		this.retentionAction = retentionAction;
	}

	public @Nullable String getArchiveSchema() {
		return this.archiveSchema;
	}

	public void setArchiveSchema(@Nullable String archiveSchema) {
		this.archiveSchema = archiveSchema;
	}

}
