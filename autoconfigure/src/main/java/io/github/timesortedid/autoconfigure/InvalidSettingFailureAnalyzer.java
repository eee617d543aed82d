package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.id.InvalidSettingException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports a {@code time-sorted-id.*} property with a value the library cannot work with. */
class InvalidSettingFailureAnalyzer extends AbstractFailureAnalyzer<InvalidSettingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidSettingException cause) {
		String description = "The property '" + cause.getProperty() + "' has the value '" + cause.getValue()
				+ "', which cannot be used: " + cause.getReason() + ".";
		String action = "Update '" + cause.getProperty() + "' in your application's configuration: " + cause.getReason()
				+ ".";
		return new FailureAnalysis(description, action, cause);
	}

}
