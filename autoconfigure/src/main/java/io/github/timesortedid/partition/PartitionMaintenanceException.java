package io.github.timesortedid.partition;

import org.springframework.boot.ExitCodeGenerator;

/**
 * The partition maintenance run once ({@code time-sorted-id.partition-maintenance.run-once}) failed
 * or did not run: the application stops with this exception, and the JVM exits with its code.
 */
public final class PartitionMaintenanceException extends RuntimeException implements ExitCodeGenerator {

	/** The exit code of a run that failed for a table, or could not start. */
	public static final int FAILED = 1;

	/** The exit code of a run that did not run, since another session held the lock. */
	public static final int SKIPPED = 2;

	private final int exitCode;

	PartitionMaintenanceException(int exitCode, String message) {
		super(message);
		this.exitCode = exitCode;
	}

	@Override
	public int getExitCode() {
		return this.exitCode;
	}

}
