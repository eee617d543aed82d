package io.github.timesortedid.autoconfigure;

import java.sql.SQLException;
import java.time.Duration;

import io.github.timesortedid.insert.TransientFailures;
import io.github.timesortedid.model.StartupCheckException;
import io.github.timesortedid.model.StartupRetry;
import org.jspecify.annotations.Nullable;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;

/**
 * The start-up checks' reads of the catalog, tried again with backoff after a transient failure (the
 * judgement of retry-safe inserts: a timeout, a lost connection, a serialization failure) until
 * {@code time-sorted-id.schema-check.retry-timeout} has passed; a failure that is not transient ends
 * them at once. A start-up on a flaky network then fails only when the database stays unreachable.
 */
final class StartupCheckRetry implements StartupRetry {

	/** The first pause; each next one twice as long, up to {@link #MAX_DELAY}. */
	private static final Duration DELAY = Duration.ofMillis(100);

	private static final Duration MAX_DELAY = Duration.ofSeconds(1);

	private final RetryTemplate retries;

	StartupCheckRetry(Duration timeout) {
		this.retries = new RetryTemplate(RetryPolicy.builder()
			.maxRetries(timeout.isZero() ? 0 : Integer.MAX_VALUE)
			.timeout(timeout.isZero() ? Duration.ofMillis(1) : timeout)
			.delay(DELAY)
			.multiplier(2)
			.maxDelay(MAX_DELAY)
			.predicate(TransientFailures::isTransient)
			.build());
	}

	@Override
	public <T extends @Nullable Object> T run(String check, Attempt<T> attempt) {
		try {
			return this.retries.execute(attempt::run);
		}
		catch (RetryException ex) {
			Throwable last = ex.getLastException();
			if (last instanceof SQLException failure) {
				throw new StartupCheckException(check, ex.getExceptions().size(), TransientFailures.isTransient(failure),
						failure);
			}
			if (last instanceof RuntimeException failure) {
				throw failure;
			}
			throw new IllegalStateException(check + " failed", last);
		}
	}

}
