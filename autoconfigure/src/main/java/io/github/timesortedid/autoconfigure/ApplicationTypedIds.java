package io.github.timesortedid.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
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
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * The typed ID classes of the application's packages, where Spring Boot looks for its aggregates:
 * those Spring Data JDBC gets converters for. A scan of the classpath finds them; an application run
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
	 * Scans the application's packages for typed ID classes, nested ones included.
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
				// records nested in an aggregate class too: what the converters need is a concrete class
				return definition.getMetadata().isIndependent() && definition.getMetadata().isConcrete();
			}
		};
		scanner.addIncludeFilter(new AssignableTypeFilter(TypedId.class));
		Set<Class<? extends TypedId>> found = new LinkedHashSet<>();
		for (String basePackage : AutoConfigurationPackages.get(beans)) {
			for (BeanDefinition candidate : scanner.findCandidateComponents(basePackage)) {
				found.add(ClassUtils.resolveClassName(candidate.getBeanClassName(), null).asSubclass(TypedId.class));
			}
		}
		return new ArrayList<>(found);
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
