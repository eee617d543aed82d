package io.github.timesortedid.autoconfigure;

import java.util.List;
import java.util.Optional;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.hibernate.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The startup check of the Hibernate ORM and Spring Framework versions. The classpath holds one of
 * each, so the checks are functions of what they see (a Hibernate ORM version string; whether
 * Spring's retry API is there), tested with the versions of every line, and the analysis is checked
 * as Spring Boot prints it for a version handed to the check.
 */
@ExtendWith(OutputCaptureExtension.class)
class SupportedVersionsTests {

	@ParameterizedTest
	@ValueSource(strings = { "7.1.8.Final", "7.1.35.Final", "7.2.0.Final", "7.2.4.Final", "7.2.25.Final", "7.3.13.Final",
			"7.4.1.Final", "7.4.5.Final", "7.4.13.Final", "7.4.6-SNAPSHOT", "7.4" })
	void hibernateOrmOfTheSupportedLinesPasses(String version) {
		assertThat(SupportedVersionsCheck.checkHibernateOrm(version)).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "7.0.10.Final", "7.0.0.Final", "6.6.29.Final", "7.5.0.Final", "7.10.1.Final", "8.0.0.Alpha1" })
	void hibernateOrmOutsideTheSupportedLinesIsRefused(String version) {
		assertThat(SupportedVersionsCheck.checkHibernateOrm(version)).hasValueSatisfying(
				(problem) -> assertThat(problem.getDescription()).contains("Hibernate ORM " + version + ","));
	}

	@Test
	void hibernateOrmVersionsThatCannotBeReadPass() {
		assertThat(SupportedVersionsCheck.checkHibernateOrm(null)).isEmpty();
		assertThat(SupportedVersionsCheck.checkHibernateOrm("[WORKING]")).isEmpty();
		assertThat(SupportedVersionsCheck.checkHibernateOrm("99999999999.1")).isEmpty();
	}

	@Test
	void springFrameworkWithTheRetryApiOf702Passes() {
		assertThat(SupportedVersionsCheck.checkSpringFramework(true, "7.0.5")).isEmpty();
		assertThat(SupportedVersionsCheck.checkSpringFramework(true, null)).isEmpty();
		// the version only words the message: a shaded jar's manifest may give the application's
		assertThat(SupportedVersionsCheck.checkSpringFramework(true, "1.0.0")).isEmpty();
	}

	@Test
	void theClasspathOfThisBuildPasses() {
		assertThat(SupportedVersionsCheck.checkHibernateOrm(Version.getVersionString())).isEmpty();
		assertThat(ClassUtils.isPresent("org.springframework.core.retry.RetryState", null)).isTrue();
		Throwable failure = catchThrowable(() -> start(new SupportedVersionsCheck()));
		assertThat(failure).isNull();
	}

	@Test
	void anUnsupportedHibernateOrmIsAnalysedWithTheVersionsThatWorkAndTheirSpringBootLines() {
		FailureAnalysis analysis = analyze(SupportedVersionsCheck.checkHibernateOrm("7.5.0.Final"));
		assertThat(analysis.getDescription()).isEqualTo("time-sorted-id does not support Hibernate ORM 7.5.0.Final, which "
				+ "is on the classpath. It works with Hibernate ORM 7.1 to 7.4: Spring Boot 4.0.1 and later 4.0.x releases "
				+ "bring 7.2.x, Spring Boot 4.1.x brings 7.4.x.");
		assertThat(analysis.getAction()).isEqualTo("Use Spring Boot 4.0.1 or a later 4.0.x release (Hibernate ORM 7.2.x) "
				+ "or Spring Boot 4.1.x (Hibernate ORM 7.4.x), without overriding the Hibernate ORM version it manages "
				+ "(the hibernate.version property, or a version on an org.hibernate.orm dependency). To start with "
				+ "Hibernate ORM 7.5.0.Final anyway, untested, set time-sorted-id.compatibility-check.enabled=false.");
	}

	@Test
	void anUnsupportedSpringFrameworkIsAnalysedWithTheVersionThatWorks() {
		FailureAnalysis analysis = analyze(SupportedVersionsCheck.checkSpringFramework(false, "7.0.1"));
		assertThat(analysis.getDescription()).isEqualTo("time-sorted-id does not support Spring Framework 7.0.1, which is "
				+ "on the classpath. Its retry-safe inserts need the org.springframework.core.retry API of Spring "
				+ "Framework 7.0.2 or later, which comes with Spring Boot 4.0.1 and later.");
		assertThat(analysis.getAction()).startsWith("Use Spring Boot 4.0.1 or a later 4.0.x release")
			.contains("(the spring-framework.version property)")
			.endsWith("To start with Spring Framework 7.0.1 anyway, untested, set "
					+ "time-sorted-id.compatibility-check.enabled=false.");
		assertThat(SupportedVersionsCheck.checkSpringFramework(false, null)).hasValueSatisfying(
				(problem) -> assertThat(problem.getDescription()).startsWith("time-sorted-id does not support the Spring "
						+ "Framework on the classpath, which is older than 7.0.2. Its retry-safe inserts need"));
	}

	@Test
	void springFactoriesRegistersTheCheck() {
		List<?> initializers = SpringFactoriesLoader.forDefaultResourceLocation()
			.load(ApplicationContextInitializer.class, null, (type, name, ignored) -> {
			});
		assertThat(initializers).hasAtLeastOneElementOfType(SupportedVersionsCheck.class);
	}

	@Test
	void anUnsupportedVersionStopsStartupBeforeAnyBean(CapturedOutput output) {
		Throwable failure = catchThrowable(() -> start(hibernate66()));
		assertThat(failure).isInstanceOf(UnsupportedVersionException.class);
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("time-sorted-id does not support Hibernate ORM 6.6.29.Final, which is on the classpath.")
			.contains("Use Spring Boot 4.0.1 or a later 4.0.x release (Hibernate ORM 7.2.x) or Spring Boot 4.1.x");
	}

	@Test
	void thePropertyTurnsTheCheckOff() {
		Throwable failure = catchThrowable(() -> start(hibernate66(), PropertyNames.COMPATIBILITY_CHECK_ENABLED + "=false"));
		assertThat(failure).isNull();
	}

	private static FailureAnalysis analyze(Optional<UnsupportedVersionException> problem) {
		assertThat(problem).as("an unsupported version").isPresent();
		// wrapped, as Spring reports it when something other than the check meets the version first
		Throwable failure = new IllegalStateException("Context failed", problem.get());
		return FailureAnalyses.of(failure);
	}

	/** A check that sees Hibernate ORM 6.6 (Spring Boot 3.5's) and a supported Spring Framework. */
	private static SupportedVersionsCheck hibernate66() {
		return new SupportedVersionsCheck(() -> "6.6.29.Final", () -> true, () -> "7.0.9");
	}

	private static void start(ApplicationContextInitializer<ConfigurableApplicationContext> check, String... properties) {
		new SpringApplicationBuilder(Empty.class).web(WebApplicationType.NONE)
			.initializers(check)
			.properties(properties)
			.run()
			.close();
	}

	@Configuration(proxyBeanMethods = false)
	static class Empty {

	}

}
