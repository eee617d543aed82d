package io.github.timesortedid.aot;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.timesortedid.hibernate.TimeSortedIdGenerator;
import io.github.timesortedid.web.TypedIdJacksonModule;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.util.ClassUtils;
import tools.jackson.databind.JacksonModule;

import static org.assertj.core.api.Assertions.assertThat;

class TimeSortedIdRuntimeHintsTests {

	private static final String OUR_PACKAGE = "io.github.timesortedid.";

	private static RuntimeHints hints(ClassLoader classLoader) {
		RuntimeHints hints = new RuntimeHints();
		new TimeSortedIdRuntimeHints().registerHints(hints, classLoader);
		return hints;
	}

	private final RuntimeHints hints = hints(getClass().getClassLoader());

	@Test
	void hibernateCanInstantiateTheGenerator() throws NoSuchMethodException {
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(TimeSortedIdGenerator.class.getDeclaredConstructor())).accepts(this.hints);
		// Hibernate looks up the constructors taking the annotation as well, which needs the declared ones
		assertThat(RuntimeHintsPredicates.reflection()
			.onType(TimeSortedIdGenerator.class)
			.withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS)).accepts(this.hints);
	}

	@Test
	void everyHibernateExtensionOfOurServicesFilesCanBeLoaded() throws Exception {
		// read from the services files themselves, so that a provider added there without a hint fails here
		Map<String, List<String>> ours = ourServiceProviders();
		assertThat(ours).containsOnlyKeys("org.hibernate.integrator.spi.Integrator",
				"org.hibernate.service.spi.ServiceContributor", "org.hibernate.boot.model.TypeContributor");
		ours.forEach((contract, providers) -> {
			assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/services/" + contract))
				.as(contract)
				.accepts(this.hints);
			for (String provider : providers) {
				Class<?> type = ClassUtils.resolveClassName(provider, getClass().getClassLoader());
				assertThat(RuntimeHintsPredicates.reflection().onConstructorInvocation(noArgumentConstructor(type)))
					.as(provider)
					.accepts(this.hints);
			}
		});
	}

	@Test
	void theVersionCheckFindsTheClassesItLooksUpByName() throws ClassNotFoundException {
		// the names the check really uses, so that the two cannot drift apart
		Class<?> check = ClassUtils.forName("io.github.timesortedid.autoconfigure.SupportedVersionsCheck", null);
		String retryApi = (String) ReflectionTestUtils.getField(check, "SPRING_RETRY_STATE");
		assertThat(RuntimeHintsPredicates.reflection().onType(TypeReference.of(retryApi))).accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onType(org.hibernate.Version.class)).accepts(this.hints);
	}

	@Test
	void jacksonCanInstantiateTheModule() throws NoSuchMethodException {
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(TypedIdJacksonModule.class.getConstructor())).accepts(this.hints);
	}

	@Test
	void withoutJacksonNoModuleHint() {
		RuntimeHints withoutJackson = hints(new FilteredClassLoader(JacksonModule.class));
		assertThat(RuntimeHintsPredicates.reflection().onType(TypedIdJacksonModule.class)).rejects(withoutJackson);
		assertThat(RuntimeHintsPredicates.reflection().onType(TimeSortedIdGenerator.class)).accepts(withoutJackson);
	}

	@Test
	void withoutHibernateNoHibernateHints() {
		RuntimeHints withoutHibernate = hints(new FilteredClassLoader("org.hibernate."));
		assertThat(RuntimeHintsPredicates.reflection().onType(TimeSortedIdGenerator.class)).rejects(withoutHibernate);
		assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/services/org.hibernate.integrator.spi.Integrator"))
			.rejects(withoutHibernate);
		assertThat(RuntimeHintsPredicates.reflection().onType(TypedIdJacksonModule.class)).accepts(withoutHibernate);
	}

	/** The providers of our packages in every {@code META-INF/services} file on the classpath, by contract. */
	private static Map<String, List<String>> ourServiceProviders() throws IOException {
		Map<String, List<String>> ours = new TreeMap<>();
		for (Resource file : new PathMatchingResourcePatternResolver().getResources("classpath*:META-INF/services/*")) {
			List<String> providers = new ArrayList<>();
			try (InputStream in = file.getInputStream()) {
				for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
					String provider = line.replaceFirst("#.*", "").trim();
					if (provider.startsWith(OUR_PACKAGE)) {
						providers.add(provider);
					}
				}
			}
			if (!providers.isEmpty()) {
				ours.computeIfAbsent(file.getFilename(), (contract) -> new ArrayList<>()).addAll(providers);
			}
		}
		return ours;
	}

	private static Constructor<?> noArgumentConstructor(Class<?> type) {
		try {
			return type.getConstructor();
		}
		catch (NoSuchMethodException ex) {
			throw new AssertionError(type.getName() + " has no public no-argument constructor for ServiceLoader", ex);
		}
	}

}
