package io.github.timesortedid.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

import io.github.timesortedid.config.InsertProperties;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.insert.InsertObserver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.retry.RetryPolicy;

/**
 * The {@code time-sorted-id.insert.*} settings as the retry-safe inserters of JPA and of Spring Data
 * JDBC take them: checked once here, each failure naming its property.
 */
final class InsertSettings {

	private InsertSettings() {
	}

	/** The attempt timeout, a positive duration. */
	static Duration attemptTimeout(InsertProperties insert) {
		if (insert.getAttemptTimeout().isNegative() || insert.getAttemptTimeout().isZero()) {
			throw new InvalidSettingException(PropertyNames.INSERT_ATTEMPT_TIMEOUT, insert.getAttemptTimeout(),
					"use a positive duration of a second or more, e.g. 10s");
		}
		return insert.getAttemptTimeout();
	}

	/**
	 * The bounds and backoff of retries.
	 * @param transientFailure which failures are retried: each persistence layer knows its own
	 */
	static RetryPolicy retryPolicy(InsertProperties insert, Predicate<Throwable> transientFailure) {
		if (insert.getMaxAttempts() < 1) {
			throw new InvalidSettingException(PropertyNames.INSERT_MAX_ATTEMPTS, insert.getMaxAttempts(),
					"use 1 or more; 1 means no retries");
		}
		if (insert.getMultiplier() < 1) {
			throw new InvalidSettingException(PropertyNames.INSERT_MULTIPLIER, insert.getMultiplier(),
					"use 1 or more, e.g. 2");
		}
		return RetryPolicy.builder()
			.maxRetries(insert.getMaxAttempts() - 1)
			.delay(insert.getInitialDelay())
			.multiplier(insert.getMultiplier())
			.maxDelay(insert.getMaxDelay())
			.jitter(insert.getJitter())
			.predicate(transientFailure)
			.build();
	}

	/** Every {@link InsertObserver} bean, in order, as one. */
	static InsertObserver observer(ObjectProvider<InsertObserver> observers) {
		List<InsertObserver> all = observers.orderedStream().toList();
		return all.isEmpty() ? InsertObserver.NONE
				: (entityName, outcome, attempts) -> all.forEach(each -> each.completed(entityName, outcome, attempts));
	}

}
