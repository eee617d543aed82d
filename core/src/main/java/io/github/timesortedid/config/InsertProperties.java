package io.github.timesortedid.config;

import java.time.Duration;

/** Retries of retry-safe inserts (RetrySafeInserter and repository insert). */
public class InsertProperties {

	/**
	 * Most attempts of one insert, the first included; an ambiguous failure (timeout, lost
	 * connection, deadlock) is retried with the same ID until then.
	 */
	private int maxAttempts = 5;

	/**
	 * Delay before the first retry; later ones grow by the multiplier.
	 */
	private Duration initialDelay = Duration.ofMillis(20);

	/**
	 * Factor by which each retry's delay grows.
	 */
	private double multiplier = 2.0;

	/**
	 * Longest delay between two attempts.
	 */
	private Duration maxDelay = Duration.ofSeconds(1);

	/**
	 * Random spread added to or taken from each delay, so that instances failing together do not
	 * retry in step.
	 */
	private Duration jitter = Duration.ofMillis(10);

	/**
	 * Longest time the statements of one attempt may take, in whole seconds (the timeout of the
	 * attempt's transaction). An INSERT that waits on a lock held by an orphaned transaction (a
	 * connection that died after its INSERT) then fails and is retried instead of hanging.
	 */
	private Duration attemptTimeout = Duration.ofSeconds(10);

	public Duration getAttemptTimeout() {
		return this.attemptTimeout;
	}

	public void setAttemptTimeout(Duration attemptTimeout) {
		this.attemptTimeout = attemptTimeout;
	}

	public int getMaxAttempts() {
		return this.maxAttempts;
	}

	public void setMaxAttempts(int maxAttempts) {
		this.maxAttempts = maxAttempts;
	}

	public Duration getInitialDelay() {
		return this.initialDelay;
	}

	public void setInitialDelay(Duration initialDelay) {
		this.initialDelay = initialDelay;
	}

	public double getMultiplier() {
		return this.multiplier;
	}

	public void setMultiplier(double multiplier) {
		this.multiplier = multiplier;
	}

	public Duration getMaxDelay() {
		return this.maxDelay;
	}

	public void setMaxDelay(Duration maxDelay) {
		this.maxDelay = maxDelay;
	}

	public Duration getJitter() {
		return this.jitter;
	}

	public void setJitter(Duration jitter) {
		this.jitter = jitter;
	}

}
