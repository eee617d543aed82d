package io.github.timesortedid.partition;

import io.github.timesortedid.partitioning.PartitionMaintenance;

/**
 * Told how each partition maintenance run ended, e.g. to count runs and failures as metrics.
 * Called on the thread that ran it, after the run.
 */
@FunctionalInterface
public interface PartitionObserver {

	/** An observer that does nothing. */
	PartitionObserver NONE = (run) -> {
	};

	/**
	 * Reports one run: skipped ({@code ran} is false) when another instance held the lock; a
	 * run that could not start (no connection) has one failure for the table {@code *}.
	 * @param run what the run did
	 */
	void completed(PartitionMaintenance.Run run);

}
