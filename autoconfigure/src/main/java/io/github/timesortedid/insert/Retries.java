package io.github.timesortedid.insert;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.core.retry.RetryListener;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryState;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.core.retry.Retryable;

/**
 * The retries of an insert, JPA's and Spring Data JDBC's alike: Spring's {@link RetryTemplate} with a
 * listener that logs each failed attempt at {@code DEBUG} under the inserter's category, so that a
 * retried insert can be followed in the log.
 */
final class Retries {

	private Retries() {
	}

	static RetryTemplate logged(RetryPolicy policy, Class<?> inserter) {
		Log logger = LogFactory.getLog(inserter);
		RetryTemplate retries = new RetryTemplate(policy);
		retries.setRetryListener(new RetryListener() {

			@Override
			public void beforeRetry(RetryPolicy retryPolicy, Retryable<?> retryable, RetryState state) {
				// the state counts the attempt about to start as a retry: after the first failure it says 1
				if (logger.isDebugEnabled()) {
					logger.debug(retryable.getName() + ": attempt " + state.getRetryCount() + " failed ("
							+ state.getLastException() + "); retrying with the same ID");
				}
			}

		});
		return retries;
	}

}
