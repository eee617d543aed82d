package io.github.timesortedid.aot;

import java.util.Map;

import io.github.timesortedid.hibernate.TimeSortedIdGenerator;
import io.github.timesortedid.hibernate.TimeSortedIdIntegrator;
import io.github.timesortedid.hibernate.TimeSortedIdServiceContributor;
import io.github.timesortedid.hibernate.TypedIdTypeContributor;
import io.github.timesortedid.web.TypedIdJacksonModule;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.service.spi.ServiceContributor;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * The runtime hints for what the library itself reaches reflectively, whatever the application
 * maps: the generator Hibernate instantiates, the Hibernate extensions it loads through
 * {@code META-INF/services}, the classes the startup version check looks up by name, and the
 * Jackson module. The typed ID classes depend on the application's entities and are declared at
 * build time by {@link TypedIdBeanFactoryInitializationAotProcessor}. Listed in
 * {@code META-INF/spring/aot.factories}.
 */
class TimeSortedIdRuntimeHints implements RuntimeHintsRegistrar {

	/**
	 * Classes the startup version check ({@code SupportedVersionsCheck}) looks up by name with
	 * {@link ClassUtils#isPresent}: Spring Framework's retry API (7.0.2 and later) and Hibernate's
	 * {@code Version}. A native image finds a class by name only if it is registered; without these
	 * the check would take the retry API for missing and stop the application.
	 */
	static final String[] LOOKED_UP_BY_NAME = { "org.springframework.core.retry.RetryState", "org.hibernate.Version" };

	private static final String HIBERNATE = "org.hibernate.generator.BeforeExecutionGenerator";

	private static final String JACKSON_MODULE = "tools.jackson.databind.JacksonModule";

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		// the starter brings Hibernate, but an application may leave it out and use the web edges alone
		if (ClassUtils.isPresent(HIBERNATE, classLoader)) {
			Hibernate.registerHints(hints);
		}
		for (String name : LOOKED_UP_BY_NAME) {
			hints.reflection().registerType(TypeReference.of(name));
		}
		// jackson-databind is optional: the auto-configuration adds the module only where it is present.
		// Jackson instantiates a module reflectively when an application names it in its own
		// META-INF/services/tools.jackson.databind.JacksonModule (JsonMapper.builder().findAndAddModules()).
		if (ClassUtils.isPresent(JACKSON_MODULE, classLoader)) {
			hints.reflection().registerType(TypedIdJacksonModule.class, MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
		}
	}

	/** Hints naming Hibernate types, in a class of their own that is loaded only where Hibernate is. */
	static final class Hibernate {

		/**
		 * The Hibernate extensions in core's {@code META-INF/services}, each under the contract whose
		 * file names it. Hibernate reads those files with {@link java.util.ServiceLoader}, which
		 * instantiates each provider through its public no-argument constructor.
		 */
		static final Map<Class<?>, Class<?>> SERVICES = Map.of(Integrator.class, TimeSortedIdIntegrator.class,
				ServiceContributor.class, TimeSortedIdServiceContributor.class, TypeContributor.class,
				TypedIdTypeContributor.class);

		private Hibernate() {
		}

		static void registerHints(RuntimeHints hints) {
			// @TimeSortedId names the generator in @IdGeneratorType and @ValueGenerationType. Hibernate asks
			// its bean container (under Spring, createBean) for one, else tries the constructors taking the
			// annotation, member and creation context, then the no-argument one: all reflectively.
			hints.reflection().registerType(TimeSortedIdGenerator.class, MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
			SERVICES.forEach((contract, provider) -> {
				hints.resources().registerPattern("META-INF/services/" + contract.getName());
				hints.reflection().registerType(provider, MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
			});
		}

	}

}
