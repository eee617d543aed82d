package io.github.timesortedid.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports a Hibernate ORM or Spring Framework version that time-sorted-id does not work with. */
class UnsupportedVersionFailureAnalyzer extends AbstractFailureAnalyzer<UnsupportedVersionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnsupportedVersionException cause) {
		return new FailureAnalysis(cause.getDescription(), cause.getAction(), cause);
	}

}
