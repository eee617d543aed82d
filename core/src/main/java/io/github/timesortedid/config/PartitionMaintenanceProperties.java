package io.github.timesortedid.config;

import java.time.Duration;

/**
 * Maintenance of the partitioned tables of time-sorted-id.partitions: creating partitions ahead,
 * retiring those past retention, moving rows out of the default partition.
 */
public class PartitionMaintenanceProperties {

	/**
	 * Whether the application maintains its partitioned tables, at startup and then every period;
	 * one instance at a time runs it (a PostgreSQL advisory lock, MariaDB GET_LOCK).
	 */
	private boolean enabled = true;

	/**
	 * Time between the end of one maintenance run and the start of the next.
	 */
	private Duration period = Duration.ofHours(1);

	/**
	 * Longest a maintenance statement waits for a lock on a table before it gives up until the next
	 * run, so that DDL queued behind a long transaction does not hold up the inserts queued behind it.
	 */
	private Duration lockTimeout = Duration.ofSeconds(5);

	/**
	 * Whether the application runs the maintenance once when it starts and then exits, with status
	 * 0 if the run succeeded, 1 if it failed and 2 if another session held the lock: for a
	 * scheduled job (cron, a Kubernetes CronJob) when no instance of the application runs.
	 */
	private boolean runOnce;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Duration getPeriod() {
		return this.period;
	}

	public void setPeriod(Duration period) {
		this.period = period;
	}

	public Duration getLockTimeout() {
		return this.lockTimeout;
	}

	public void setLockTimeout(Duration lockTimeout) {
		this.lockTimeout = lockTimeout;
	}

	public boolean isRunOnce() {
		return this.runOnce;
	}

	public void setRunOnce(boolean runOnce) {
		this.runOnce = runOnce;
	}

}
