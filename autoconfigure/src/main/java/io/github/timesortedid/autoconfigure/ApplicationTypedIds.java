package io.github.timesortedid.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.timesortedid.TypedId;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.ResolvableType;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.repository.Repository;
import org.springframework.util.ClassUtils;

/**
 * The typed ID classes of the application's packages, where Spring Boot looks for its aggregates,
 * and those its aggregates declare from other packages: those Spring Data JDBC gets converters for. A scan of the classpath finds them; an application run
 * from its ahead-of-time processing reads the list its build recorded in {@link #RECORDED} instead,
 * since a native image cannot scan its classpath.
 */
public final class ApplicationTypedIds {

	/** The resource in which the AOT processing records the classes its scan found, one name a line. */
	public static final String RECORDED = "META-INF/time-sorted-id/typed-ids.txt";

	private ApplicationTypedIds() {
	}

	/**
	 * Returns the typed ID classes of the application's packages: those the build recorded when the
	 * application runs from its AOT processing, else those a scan finds.
	 * @param beans the application's bean factory, which knows its auto-configuration packages
	 * @param classLoader the application's class loader, or {@code null} for the default one
	 * @return the concrete typed ID classes
	 */
	public static List<Class<? extends TypedId>> of(BeanFactory beans, @Nullable ClassLoader classLoader) {
		if (AotDetector.useGeneratedArtifacts()) {
			List<Class<? extends TypedId>> recorded = recorded(classLoader);
			if (recorded != null) {
				return recorded;
			}
		}
		return scan(beans);
	}

	/**
	 * Scans the application's packages for typed ID classes, nested ones included, and for the typed
	 * IDs its aggregates declare wherever those are declared (a shared module's package): the domain
	 * and ID types of its repositories and its {@code @Table} classes, through their properties, the
	 * entities and values they hold and the type arguments of their collections and
	 * {@code AggregateReference}s.
	 * @param beans the application's bean factory, which knows its auto-configuration packages
	 * @return the concrete typed ID classes found, none without auto-configuration packages
	 */
	public static List<Class<? extends TypedId>> scan(BeanFactory beans) {
		if (!AutoConfigurationPackages.has(beans)) {
			return List.of();
		}
		ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false) {
			@Override
			protected boolean isCandidateComponent(AnnotatedBeanDefinition definition) {
				// records nested in an aggregate class too, and repositories, which are interfaces
				return definition.getMetadata().isIndependent()
						&& (definition.getMetadata().isConcrete() || definition.getMetadata().isInterface());
			}
		};
		scanner.addIncludeFilter(new AssignableTypeFilter(TypedId.class));
		scanner.addIncludeFilter(new AnnotationTypeFilter(Table.class));
		scanner.addIncludeFilter(new AssignableTypeFilter(Repository.class));
		Declared declared = new Declared();
		for (String basePackage : AutoConfigurationPackages.get(beans)) {
			for (BeanDefinition candidate : scanner.findCandidateComponents(basePackage)) {
				Class<?> type = ClassUtils.resolveClassName(candidate.getBeanClassName(), null);
				if (type.isInterface()) {
					if (Repository.class.isAssignableFrom(type)) {
						// Repository<T, ID>: the aggregate and its ID
						for (ResolvableType argument : ResolvableType.forClass(type).as(Repository.class).getGenerics()) {
							declared.walk(argument);
						}
					}
				}
				else {
					declared.walk(ResolvableType.forClass(type));
				}
			}
		}
		return new ArrayList<>(declared.typedIds);
	}

	/**
	 * The typed IDs reachable from the types walked: a typed ID class itself, the type arguments of
	 * a generic type, and the fields of the application's own classes (not the JDK's, Kotlin's or
	 * Spring's, whose insides hold no aggregate), each class walked once.
	 */
	private static final class Declared {

		private final Set<Class<? extends TypedId>> typedIds = new LinkedHashSet<>();

		private final Set<Class<?>> walked = new HashSet<>();

		void walk(ResolvableType type) {
			Class<?> raw = type.resolve();
			if (raw == null) {
				return;
			}
			if (TypedId.class.isAssignableFrom(raw)) {
				if (!raw.isInterface() && !Modifier.isAbstract(raw.getModifiers())) {
					this.typedIds.add(raw.asSubclass(TypedId.class));
				}
				return;
			}
			for (ResolvableType argument : type.getGenerics()) {
				walk(argument);
			}
			if (raw.isArray()) {
				walk(type.getComponentType());
				return;
			}
			if (raw.isPrimitive() || raw.isEnum() || isLibrary(raw.getName()) || !this.walked.add(raw)) {
				return;
			}
			for (Class<?> owner = raw; owner != null && owner != Object.class; owner = owner.getSuperclass()) {
				for (Field field : fields(owner)) {
					if (!Modifier.isStatic(field.getModifiers())) {
						walk(ResolvableType.forField(field, raw));
					}
				}
			}
		}

		/** A class's fields; none where a field's type is missing from the classpath (an optional dependency's). */
		private static Field[] fields(Class<?> owner) {
			try {
				return owner.getDeclaredFields();
			}
			catch (LinkageError ex) {
				return new Field[0];
			}
		}

		private static boolean isLibrary(String className) {
			return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jakarta.")
					|| className.startsWith("kotlin.") || className.startsWith("org.springframework.");
		}

	}

	/**
	 * Returns the text of {@link #RECORDED} for the classes a scan found.
	 * @param typedIds the classes
	 * @return their names, one a line
	 */
	public static String record(Collection<? extends Class<?>> typedIds) {
		StringBuilder text = new StringBuilder();
		typedIds.forEach(type -> text.append(type.getName()).append('\n'));
		return text.toString();
	}

	/** The classes of {@link #RECORDED}; {@code null} if the build recorded none. */
	static @Nullable List<Class<? extends TypedId>> recorded(@Nullable ClassLoader classLoader) {
		ClassLoader loader = (classLoader != null) ? classLoader : ClassUtils.getDefaultClassLoader();
		try (InputStream in = (loader != null) ? loader.getResourceAsStream(RECORDED)
				: ClassLoader.getSystemResourceAsStream(RECORDED)) {
			if (in == null) {
				return null;
			}
			List<Class<? extends TypedId>> classes = new ArrayList<>();
			for (String name : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
				if (!name.isBlank()) {
					classes.add(ClassUtils.resolveClassName(name.strip(), loader).asSubclass(TypedId.class));
				}
			}
			return classes;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Reading " + RECORDED, ex);
		}
	}

}
