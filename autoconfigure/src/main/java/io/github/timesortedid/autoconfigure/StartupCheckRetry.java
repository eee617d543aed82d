package io.github.timesortedid.autoconfigure;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.insert.TransientFailures;
import io.github.timesortedid.model.StartupCheckException;
import io.github.timesortedid.model.StartupRetry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
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

	private static final Log logger = LogFactory.getLog(StartupCheckRetry.class);

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
		AtomicInteger attempts = new AtomicInteger();
		try {
			return this.retries.execute(() -> {
				try {
					return attempt.run();
				}
				catch (SQLException | RuntimeException ex) {
					// a start that recovers should say why it took longer; one that fails says it in its analysis
					if (TransientFailures.isTransient(ex)) {
						logger.warn(check + " failed on attempt " + attempts.incrementAndGet() + " (" + ex.getMessage()
								+ "); it is tried again while " + PropertyNames.SCHEMA_CHECK_RETRY_TIMEOUT + " allows");
					}
					throw ex;
				}
			});
		}
		catch (RetryException ex) {
			Throwable last = ex.getLastException();
			if (last instanceof SQLException failure) {
				throw new StartupCheckException(check, ex.getExceptions().size(), TransientFailures.isTransient(failure),
						failure);
			}
			if (last instanceof RuntimeException failure) {
				// a pool's or a framework's exception around the driver's (Hikari's "Failed to initialize
				// pool"): the analysis names the check and the driver's cause all the same
				SQLException read = TransientFailures.isTransient(failure) ? deepestSqlException(failure) : null;
				if (read != null) {
					throw new StartupCheckException(check, ex.getExceptions().size(), true, read);
				}
				throw failure;
			}
			throw new IllegalStateException(check + " failed", last);
		}
	}

	private static @Nullable SQLException deepestSqlException(Throwable failure) {
		SQLException deepest = null;
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			if (cause instanceof SQLException sql) {
				deepest = sql;
			}
		}
		return deepest;
	}

}
