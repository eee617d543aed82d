package io.github.timesortedid.autoconfigure;

import java.beans.Introspector;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import io.github.timesortedid.insert.RetrySafeInserter;
import org.junit.jupiter.api.Test;
import org.springframework.beans.CachedIntrospectionResults;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.util.ConcurrentLruCache;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A restart as Spring Boot DevTools does it: the application's own classes (entities, typed IDs)
 * loaded again by a fresh class loader, libraries kept, a new context started after the old one
 * closed. Typed IDs must map and work again, not clash with their earlier selves, and nothing the
 * starter keeps (typed ID caches, registries, Hibernate integration, lease threads) may keep the
 * class loader of an earlier run alive.
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
				run(loader, "restart-" + restart);
			}
		}
	}

	@Test
	void theClassLoadersOfEarlierRunsBecomeUnreachable() throws Exception {
		List<WeakReference<ClassLoader>> discarded = new ArrayList<>();
		for (int restart = 0; restart < 3; restart++) {
			// snowflake with a leased node, so that the lease's heartbeat threads run too
			discarded.add(runAndDiscard("discarded-" + restart, "time-sorted-id.algorithm=snowflake",
					"time-sorted-id.snowflake.node-id=auto"));
		}
		clearCachesAsDevToolsDoes();
		clearSpringDataTypeCaches();
		int attempts = collect(discarded);
		dumpHeapIfAsked(discarded);
		assertThat(discarded)
			.as("class loaders of earlier runs still reachable after %d collections "
					+ "(-Drestart-tests.heap-dump=file.hprof writes a heap dump to find the holder)", attempts)
			.allSatisfy((reference) -> assertThat(reference.get()).isNull());
	}

	/**
	 * Runs the application under a fresh class loader and hands back only a weak reference to it,
	 * so that nothing on this thread's stack keeps it.
	 */
	private static WeakReference<ClassLoader> runAndDiscard(String database, String... properties) throws Exception {
		try (RestartClassLoader loader = new RestartClassLoader()) {
			run(loader, database, properties);
			return new WeakReference<>(loader);
		}
	}

	private static void run(RestartClassLoader loader, String database, String... properties) throws Exception {
		Class<?> petIdType = loader.loadClass(APPLICATION_PACKAGE + ".PetId");
		try (ConfigurableApplicationContext context = start(loader, database, properties)) {
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
		// as DevTools' Restarter does after closing the context: drop what Spring's bean
		// introspection cached for the restart class loader's classes
		CachedIntrospectionResults.clearClassLoader(loader);
	}

	private static ConfigurableApplicationContext start(ClassLoader loader, String database, String... properties)
			throws Exception {
		Thread thread = Thread.currentThread();
		ClassLoader previous = thread.getContextClassLoader();
		thread.setContextClassLoader(loader);
		try {
			// Spring Boot installs two things once per JVM, from whichever run comes first: the JVM
			// shutdown hook (a Thread, which keeps the context class loader it inherits) and the
			// logging system's shutdown handler (which keeps the application's class loader). Under
			// DevTools that is the first restart, whose class loader they keep for good: once, not
			// once per restart, and not the starter's doing. Both are off here, so that every run
			// is checked for what the starter keeps; the test closes its contexts itself.
			return new SpringApplicationBuilder(loader.loadClass(ClinicApplication.class.getName()))
				.resourceLoader(new DefaultResourceLoader(loader))
				.web(WebApplicationType.NONE)
				.registerShutdownHook(false)
				.properties("spring.datasource.url=jdbc:h2:mem:" + database, "logging.register-shutdown-hook=false")
				.properties(properties)
				.run();
		}
		finally {
			thread.setContextClassLoader(previous);
		}
	}

	/**
	 * Clears the caches that DevTools' Restarter clears when it stops an application: the JDK's
	 * bean introspection cache and Spring's type, reflection and annotation caches.
	 */
	private static void clearCachesAsDevToolsDoes() {
		Introspector.flushCaches();
		ResolvableType.clearCache();
		ReflectionUtils.clearCache();
		AnnotationUtils.clearCache();
	}

	/**
	 * Clears the one holder outside the starter that DevTools does not clear: Spring Data 4's
	 * type caches, LRU caches of 64 and 128 entries that hold the repositories' domain and ID
	 * classes strongly until other types push them out. Spring Data's repository support fills them
	 * for any application with repositories (with repositories disabled this test passes without
	 * clearing them); the starter's own code does not use them. Should a Spring Data version rename
	 * them, this fails rather than silently leaving them.
	 */
	private static void clearSpringDataTypeCaches() throws ClassNotFoundException {
		clearLruCache("org.springframework.data.core.TypeDiscoverer", "CACHE");
		clearLruCache("org.springframework.data.core.ClassTypeInformation", "cache");
		clearLruCache("org.springframework.data.core.ClassTypeInformation", "resolvableTypeCache");
	}

	private static void clearLruCache(String className, String fieldName) throws ClassNotFoundException {
		Field field = ReflectionUtils.findField(Class.forName(className), fieldName, ConcurrentLruCache.class);
		assertThat(field).as("%s.%s", className, fieldName).isNotNull();
		ReflectionUtils.makeAccessible(field);
		((ConcurrentLruCache<?, ?>) ReflectionUtils.getField(field, null)).clear();
	}

	/**
	 * Collects until every reference is cleared or the attempts run out. Each attempt first asks
	 * for an array the heap can never hold: before it throws that OutOfMemoryError, the JVM clears
	 * every soft reference (Spring's SpringFactoriesLoader, for one, caches per class loader
	 * softly), as DevTools' forceReferenceCleanup does by filling the heap; the heap itself is never
	 * filled, so other threads are not starved.
	 * @return the number of attempts made
	 */
	private static int collect(List<WeakReference<ClassLoader>> references) throws InterruptedException {
		int attempt = 0;
		while (attempt < 20 && references.stream().anyMatch((reference) -> reference.get() != null)) {
			attempt++;
			try {
				long[] unsatisfiable = new long[(int) Math.min(Integer.MAX_VALUE - 8, Runtime.getRuntime().maxMemory() / 8)];
				throw new IllegalStateException("The heap held an array of " + unsatisfiable.length + " longs");
			}
			catch (OutOfMemoryError expected) {
				// every soft reference is cleared by now
			}
			System.gc();
			Thread.sleep(50);
		}
		return attempt;
	}

	/**
	 * With {@code -Drestart-tests.heap-dump=/some/file.hprof}, writes a heap dump when a discarded
	 * class loader is still reachable, for a heap analyser to show what holds it.
	 */
	private static void dumpHeapIfAsked(List<WeakReference<ClassLoader>> references) throws IOException {
		String file = System.getProperty("restart-tests.heap-dump");
		if (file != null && references.stream().anyMatch((reference) -> reference.get() != null)) {
			ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(file, true);
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
