package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.config.PropertyNames;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.timesortedid.config.TimeSortedIdProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.core.SpringVersion;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.util.ClassUtils;

/**
 * Stops startup when the Hibernate ORM or Spring Framework on the classpath is not one that
 * time-sorted-id works with, with a failure analysis that names the version found, the versions
 * that work and the Spring Boot lines that bring them. Without it such a classpath fails later and
 * obscurely, with an {@link AbstractMethodError} from Hibernate's generator SPI or a
 * {@link NoSuchMethodError} from Spring's retry API at the first failed insert, or starts with
 * behaviour nobody tested.
 * <p>
 * Registered in {@code META-INF/spring.factories}, so it runs in every Spring Boot application and
 * test context that has the library, before any bean is created, whether or not the
 * auto-configuration would match. A Hibernate ORM version it cannot read passes: only one known to
 * be outside the range stops startup.
 * {@code time-sorted-id.compatibility-check.enabled=false} turns the check off, to try a version
 * that is not supported yet.
 */
final class SupportedVersionsCheck implements ApplicationContextInitializer<ConfigurableApplicationContext>, Ordered {

	/** The property that turns the check off. */
	/**
	 * The first Hibernate ORM minor version supported. 7.1 and 7.2 call the generator's
	 * three-argument {@code initialize}, 7.3 and later the two-argument one, and the library
	 * implements both. The build tests 7.2 (Spring Boot 4.0.x) on every run; 7.1 (Spring Boot 4.0.0,
	 * refused for its Spring Framework) and 7.3 (which no Spring Boot line brings) pass the same tests
	 * when compat-boot40 runs with {@code -Dcompat.hibernate.version}. 7.0 is not tested.
	 */
	private static final int HIBERNATE_LOWEST_MINOR = 1;

	/** The last Hibernate ORM minor version supported: the one Spring Boot 4.1 brings, which the build tests. */
	private static final int HIBERNATE_HIGHEST_MINOR = 4;

	/**
	 * A class of the Spring Framework API that retry-safe inserts need: {@code RetryState} and
	 * {@code RetryException.getLastException()} of {@code org.springframework.core.retry} came with
	 * 7.0.2 (Spring Boot 4.0.1). Looked for rather than read from Spring's version, which comes from a
	 * jar manifest that a shaded jar may lack or replace with its own. There is no upper bound: a newer
	 * Spring Framework comes with a newer Spring Boot, whose Hibernate ORM the first check judges.
	 */
	private static final String SPRING_RETRY_STATE = "org.springframework.core.retry.RetryState";

	private static final String BOOT_LINES = "Spring Boot 4.0.1 or a later 4.0.x release (Hibernate ORM 7.2.x) or "
			+ "Spring Boot 4.1.x (Hibernate ORM 7.4.x)";

	private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)(\\D.*)?");

	private final Supplier<@Nullable String> hibernateOrm;

	private final BooleanSupplier springRetryApi;

	private final Supplier<@Nullable String> springFramework;

	/** Creates the check of the classpath; used by {@code spring.factories}. */
	SupportedVersionsCheck() {
		this(SupportedVersionsCheck::hibernateOrmVersion, SupportedVersionsCheck::hasSpringRetryApi,
				SpringVersion::getVersion);
	}

	/** Creates a check of given versions, for tests: the classpath has only one of each. */
	SupportedVersionsCheck(Supplier<@Nullable String> hibernateOrm, BooleanSupplier springRetryApi,
			Supplier<@Nullable String> springFramework) {
		this.hibernateOrm = hibernateOrm;
		this.springRetryApi = springRetryApi;
		this.springFramework = springFramework;
	}

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		ConfigurableEnvironment environment = context.getEnvironment();
		// not Binder.get(environment): its converter is shared by the whole JVM, and the property
		// editors it makes on first use keep the context class loader of that moment, which after a
		// DevTools restart is a discarded one; a binder over the application's own conversion
		// service goes away with the application
		Binder binder = new Binder(ConfigurationPropertySources.get(environment),
				new PropertySourcesPlaceholdersResolver(environment), environment.getConversionService());
		// its own group alone: the other settings are bound, and their errors reported, with the context
		boolean enabled = binder
			.bindOrCreate(PropertyNames.COMPATIBILITY_CHECK, TimeSortedIdProperties.CompatibilityCheck.class)
			.isEnabled();
		if (!enabled) {
			return;
		}
		Optional<UnsupportedVersionException> unsupported = checkHibernateOrm(this.hibernateOrm.get());
		if (unsupported.isEmpty()) {
			unsupported = checkSpringFramework(this.springRetryApi.getAsBoolean(), this.springFramework.get());
		}
		if (unsupported.isPresent()) {
			throw unsupported.get();
		}
	}

	@Override
	public int getOrder() {
		// before other initializers do work that an unsupported version could break
		return Ordered.HIGHEST_PRECEDENCE;
	}

	/**
	 * Checks a Hibernate ORM version; {@code null} or an unreadable one passes.
	 * @param version a Hibernate ORM version, as {@code org.hibernate.Version} gives it, e.g.
	 * {@code 7.2.4.Final}
	 * @return the problem, or empty if the version is supported
	 */
	static Optional<UnsupportedVersionException> checkHibernateOrm(@Nullable String version) {
		int[] parsed = parse(version);
		if (parsed == null
				|| (parsed[0] == 7 && parsed[1] >= HIBERNATE_LOWEST_MINOR && parsed[1] <= HIBERNATE_HIGHEST_MINOR)) {
			return Optional.empty();
		}
		return Optional.of(new UnsupportedVersionException("time-sorted-id does not support Hibernate ORM " + version
				+ ", which is on the classpath. It works with Hibernate ORM 7.1 to 7.4: Spring Boot 4.0.1 and later "
				+ "4.0.x releases bring 7.2.x, Spring Boot 4.1.x brings 7.4.x.",
				"Use " + BOOT_LINES + ", without overriding the Hibernate ORM version it manages (the hibernate.version "
						+ "property, or a version on an org.hibernate.orm dependency). To start with Hibernate ORM "
						+ version + " anyway, untested, set " + PropertyNames.COMPATIBILITY_CHECK_ENABLED + "=false."));
	}

	/**
	 * Checks the Spring Framework on the classpath.
	 * @param retryApi whether it has the retry API of 7.0.2 and later
	 * @param version its version, as {@link SpringVersion} gives it, e.g. {@code 7.0.5}, or
	 * {@code null}; only for the message
	 * @return the problem, or empty if it is supported
	 */
	static Optional<UnsupportedVersionException> checkSpringFramework(boolean retryApi, @Nullable String version) {
		if (retryApi) {
			return Optional.empty();
		}
		String found = (version != null) ? "Spring Framework " + version + ", which is on the classpath"
				: "the Spring Framework on the classpath, which is older than 7.0.2";
		return Optional.of(new UnsupportedVersionException("time-sorted-id does not support " + found
				+ ". Its retry-safe inserts need the org.springframework.core.retry API of Spring Framework 7.0.2 or "
				+ "later, which comes with Spring Boot 4.0.1 and later.",
				"Use " + BOOT_LINES + ", without overriding the Spring Framework version it manages (the "
						+ "spring-framework.version property). To start with "
						+ ((version != null) ? "Spring Framework " + version : "it") + " anyway, untested, set "
						+ PropertyNames.COMPATIBILITY_CHECK_ENABLED + "=false."));
	}

	/** Reads major and minor, or returns {@code null} for an unreadable version. */
	private static int @Nullable [] parse(@Nullable String version) {
		Matcher matcher = (version != null) ? VERSION.matcher(version.trim()) : null;
		if (matcher == null || !matcher.matches()) {
			return null;
		}
		try {
			return new int[] { Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)) };
		}
		catch (NumberFormatException ex) {
			// more digits than an int holds: not a version this check can judge
			return null;
		}
	}

	private static boolean hasSpringRetryApi() {
		return ClassUtils.isPresent(SPRING_RETRY_STATE, SupportedVersionsCheck.class.getClassLoader());
	}

	private static @Nullable String hibernateOrmVersion() {
		// autoconfigure depends on Hibernate, but an application may still leave it out
		return ClassUtils.isPresent("org.hibernate.Version", SupportedVersionsCheck.class.getClassLoader())
				? org.hibernate.Version.getVersionString() : null;
	}

}
