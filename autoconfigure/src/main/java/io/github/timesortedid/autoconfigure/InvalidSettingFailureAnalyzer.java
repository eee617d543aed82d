package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.id.InvalidSettingException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Reports a {@code time-sorted-id.*} property with a value the library cannot work with. Ahead of
 * Spring Boot's own analyzers: one found while Spring Boot binds the properties is also inside
 * Spring Boot's binding failure, whose analysis would name the property in lower case.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
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
