package io.github.timesortedid.autoconfigure;

import java.net.URL;
import java.net.URLClassLoader;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import io.github.timesortedid.insert.RetrySafeInserter;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A restart as Spring Boot DevTools does it: the application's own classes (entities, typed IDs)
 * loaded again by a fresh class loader, libraries kept, a new context started after the old one
 * closed. Typed IDs must map and work again, not clash with their earlier selves.
 */
class RestartTests {

	private static final String APPLICATION_PACKAGE = ClinicApplication.class.getPackageName();

	@Test
	void anApplicationWithTypedIdsStartsAgainUnderAFreshClassLoader() throws Exception {
		Class<?> earlierPetId = null;
		for (int restart = 0; restart < 3; restart++) {
			try (RestartClassLoader loader = new RestartClassLoader()) {
				Class<?> petIdType = loader.loadClass(APPLICATION_PACKAGE + ".PetId");
				assertThat(petIdType).isNotEqualTo(earlierPetId);
				earlierPetId = petIdType;
				try (ConfigurableApplicationContext context = start(loader, restart)) {
					Object petId = context.getBean(TimeSortedIds.class).next(petIdType);
					assertThat(petId).isInstanceOf(petIdType);
					assertThat(((TypedId) petId).value()).startsWith("pet_");
					Object owner = loader.loadClass(APPLICATION_PACKAGE + ".Owner").getConstructor(String.class)
						.newInstance("Franklin");
					Object stored = context.getBean(RetrySafeInserter.class).insert(owner).entity();
					Object ownerId = stored.getClass().getMethod("getId").invoke(stored);
					assertThat(ownerId.getClass().getClassLoader()).isSameAs(loader);
					assertThat(ownerId.toString()).startsWith("owner_");
				}
			}
		}
	}

	private static ConfigurableApplicationContext start(ClassLoader loader, int restart) throws Exception {
		Thread thread = Thread.currentThread();
		ClassLoader previous = thread.getContextClassLoader();
		thread.setContextClassLoader(loader);
		try {
			return new SpringApplicationBuilder(loader.loadClass(ClinicApplication.class.getName()))
				.resourceLoader(new DefaultResourceLoader(loader))
				.web(WebApplicationType.NONE)
				.properties("spring.datasource.url=jdbc:h2:mem:restart-" + restart)
				.run();
		}
		finally {
			thread.setContextClassLoader(previous);
		}
	}

	/** Loads the application's package itself, child first, and everything else from the parent. */
	private static final class RestartClassLoader extends URLClassLoader {

		RestartClassLoader() {
			super(new URL[] { ClinicApplication.class.getProtectionDomain().getCodeSource().getLocation() },
					RestartTests.class.getClassLoader());
		}

		@Override
		protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
			if (!name.startsWith(APPLICATION_PACKAGE + ".")) {
				return super.loadClass(name, resolve);
			}
			synchronized (getClassLoadingLock(name)) {
				Class<?> loaded = findLoadedClass(name);
				return (loaded != null) ? loaded : findClass(name);
			}
		}

	}

}
