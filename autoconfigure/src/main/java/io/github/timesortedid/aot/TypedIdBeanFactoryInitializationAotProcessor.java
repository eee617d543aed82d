package io.github.timesortedid.aot;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.autoconfigure.ApplicationTypedIds;
import io.github.timesortedid.hibernate.TypedIdTypeContributor;
import io.github.timesortedid.jdbc.AggregateIds;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;
import org.springframework.util.ClassUtils;

/**
 * Declares, at build time, the typed ID classes of the application's entities. Hibernate and the web
 * edges make a typed ID from its text through its {@code (String)} constructor, which
 * {@link io.github.timesortedid.TypedIds} finds by a reflective lookup
 * ({@code MethodHandles.privateLookupIn} and {@code findConstructor}); a native image answers that
 * lookup only for a registered constructor. The typed IDs are found as at run time: the entity
 * classes of each {@link PersistenceManagedTypes} bean (Spring Boot's scan of the entity packages),
 * searched by {@link TypedIdTypeContributor#typedIdsOf}, which resolves the type variables of
 * generic base entities; in a Spring Data JDBC application, the typed ID classes of the application's
 * packages, for which its converters are made ({@link DataJdbc}), whose names it also records for the
 * converters of a native image ({@link ApplicationTypedIds#RECORDED}). Listed in
 * {@code META-INF/spring/aot.factories}.
 * <p>
 * The entity classes themselves, their fields and their superclasses are registered by Spring's own
 * JPA support ({@code PersistenceManagedTypesBeanRegistrationAotProcessor}), which also registers
 * the generator named by {@code @TimeSortedId}'s {@code @IdGeneratorType}; so they are not repeated
 * here. It reaches a typed ID only through an entity's getter, which misses a typed ID declared by a
 * type variable ({@code BaseEntity<ID extends TypedId>}) or held in a field without a getter.
 */
class TypedIdBeanFactoryInitializationAotProcessor implements BeanFactoryInitializationAotProcessor {

	/** What the JPA part reads: JPA's managed types, and Hibernate, whose typed-ID types it declares. */
	private static final String[] NEEDS = { "org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes",
			"org.hibernate.boot.model.TypeContributor" };

	@Override
	public @Nullable BeanFactoryInitializationAotContribution processAheadOfTime(
			ConfigurableListableBeanFactory beanFactory) {
		Set<Class<?>> typedIds = new LinkedHashSet<>();
		if (isPresent(NEEDS, beanFactory)) {
			typedIds.addAll(TypedIdTypeContributor.typedIdsOf(entityClasses(beanFactory)));
		}
		List<Class<? extends TypedId>> scanned = isPresent(DataJdbc.NEEDS, beanFactory) ? DataJdbc.typedIds(beanFactory)
				: List.of();
		typedIds.addAll(scanned);
		if (typedIds.isEmpty()) {
			return null;
		}
		return (generationContext, code) -> {
			registerHints(generationContext.getRuntimeHints().reflection(), typedIds);
			if (!scanned.isEmpty()) {
				// for the converters of a native image, which cannot scan its classpath at startup
				generationContext.getGeneratedFiles()
					.addResourceFile(ApplicationTypedIds.RECORDED, ApplicationTypedIds.record(scanned));
				generationContext.getRuntimeHints().resources().registerPattern(ApplicationTypedIds.RECORDED);
			}
		};
	}

	private static boolean isPresent(String[] classes, ConfigurableListableBeanFactory beanFactory) {
		for (String needed : classes) {
			if (!ClassUtils.isPresent(needed, beanFactory.getBeanClassLoader())) {
				return false;
			}
		}
		return true;
	}

	private static List<Class<?>> entityClasses(ConfigurableListableBeanFactory beanFactory) {
		Set<String> names = new LinkedHashSet<>();
		for (String bean : beanFactory.getBeanNamesForType(PersistenceManagedTypes.class, true, false)) {
			names.addAll(beanFactory.getBean(bean, PersistenceManagedTypes.class).getManagedClassNames());
		}
		List<Class<?>> classes = new ArrayList<>();
		for (String name : names) {
			try {
				classes.add(ClassUtils.forName(name, beanFactory.getBeanClassLoader()));
			}
			catch (ClassNotFoundException | LinkageError ex) {
				// not loadable: Spring's JPA processing and Hibernate report it in their own words
			}
		}
		return classes;
	}

	private static void registerHints(ReflectionHints reflection, Set<Class<?>> typedIds) {
		for (Class<?> typedId : typedIds) {
			// the type itself: TypedIds reads its @IdPrefix and looks up its constructor
			reflection.registerType(typedId);
			Constructor<?> constructor = stringConstructor(typedId);
			if (constructor != null) {
				// TypedId.value() is called through the interface, never reflectively: no accessor hints
				reflection.registerConstructor(constructor, ExecutableMode.INVOKE);
			}
		}
	}

	/** The {@code (String)} constructor at any access, as {@code TypedIds} finds it; {@code null} if none. */
	private static @Nullable Constructor<?> stringConstructor(Class<?> typedId) {
		try {
			return typedId.getDeclaredConstructor(String.class);
		}
		catch (NoSuchMethodException ex) {
			// nothing to declare: TypedIds refuses such a class at startup with a configuration error
			return null;
		}
	}

	/**
	 * The typed IDs of a Spring Data JDBC application, in a class of its own that is loaded only where
	 * Spring Data JDBC is: those of the application's packages, for which
	 * {@code TimeSortedIdDataJdbcAutoConfiguration} makes the converters that read and write them
	 * through their constructors, and which a native image cannot find by a scan at startup (the
	 * aggregates' classes themselves are Spring Data's own AOT processing's to declare, as JPA's
	 * entities are Spring's).
	 */
	static final class DataJdbc {

		/** What this part reads: Spring Data JDBC, whose aggregates hold the typed IDs. */
		static final String[] NEEDS = { "org.springframework.data.jdbc.core.JdbcAggregateTemplate" };

		private DataJdbc() {
		}

		static List<Class<? extends TypedId>> typedIds(ConfigurableListableBeanFactory beanFactory) {
			if (beanFactory.getBeanNamesForType(AggregateIds.class, true, false).length == 0) {
				return List.of(); // Spring Data JDBC on the classpath, but not configured with time-sorted-id
			}
			return ApplicationTypedIds.scan(beanFactory);
		}

	}

}
