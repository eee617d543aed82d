package io.github.timesortedid.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when Spring Boot's Spring Data JDBC auto-configuration will apply: not excluded, its
 * repositories not turned off. The library's adapter runs before it (its conversions and template
 * come first), so it cannot wait for that auto-configuration's beans; it checks what would stop it
 * instead, so that an application with Spring Data JDBC on its classpath but not in use (a JPA
 * application that has it through another dependency) starts as if the adapter were not there.
 */
class OnSpringDataJdbcCondition extends SpringBootCondition {

	static final String AUTO_CONFIGURATION = "org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration";

	static final String ENABLED = "spring.data.jdbc.repositories.enabled";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConditionMessage.Builder message = ConditionMessage.forCondition("Spring Data JDBC in use");
		if (context.getBeanFactory() != null
				&& ConditionEvaluationReport.get(context.getBeanFactory()).getExclusions().contains(AUTO_CONFIGURATION)) {
			return ConditionOutcome.noMatch(message.because(AUTO_CONFIGURATION + " is excluded"));
		}
		if (!context.getEnvironment().getProperty(ENABLED, Boolean.class, true)) {
			return ConditionOutcome.noMatch(message.because(ENABLED + " is false"));
		}
		return ConditionOutcome.match(message.because("its auto-configuration is not excluded and its repositories are enabled"));
	}

}
