package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports an entity whose {@code @TimeSortedId} attribute cannot work as configured. */
class TimeSortedIdConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<TimeSortedIdConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, TimeSortedIdConfigurationException cause) {
		return new FailureAnalysis(cause.getDescription(), cause.getAction(), cause);
	}

}
