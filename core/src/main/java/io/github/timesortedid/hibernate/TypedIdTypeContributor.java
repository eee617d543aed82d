package io.github.timesortedid.hibernate;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.model.GenericTypes;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.hibernate.boot.model.TypeContributions;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.boot.registry.classloading.spi.ClassLoaderService;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.service.ServiceRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Teaches Hibernate the typed ID classes named in {@link #SETTING}, so that attributes of those
 * types map to string columns. Spring Boot fills the setting from the entity classes it scans;
 * without Spring, list the classes there. Found by Hibernate through {@code META-INF/services}.
 */
public final class TypedIdTypeContributor implements TypeContributor {

	/**
	 * The Hibernate setting naming the typed ID classes: a collection of classes or class names, or
	 * a comma-separated string of class names.
	 */
	public static final String SETTING = PropertyNames.TYPED_IDS;

	/**
	 * Finds the typed ID classes the fields of entity classes are declared with, type variables of
	 * generic base classes resolved for each entity ({@code BaseEntity<ID extends TypedId>}).
	 * @param entityClasses the entity classes
	 * @return the typed ID classes, in order of discovery
	 */
	public static Set<Class<?>> typedIdsOf(Collection<Class<?>> entityClasses) {
		Set<Class<?>> found = new LinkedHashSet<>();
		for (Class<?> entity : entityClasses) {
			for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
				for (Field field : type.getDeclaredFields()) {
					Class<?> declared = GenericTypes.resolve(entity, field.getGenericType());
					if (TypedId.class.isAssignableFrom(declared) && !declared.isInterface()) {
						found.add(declared);
					}
				}
			}
		}
		return found;
	}

	@Override
	@SuppressWarnings({ "unchecked", "rawtypes" })
	public void contribute(TypeContributions typeContributions, ServiceRegistry serviceRegistry) {
		Object setting = serviceRegistry.requireService(ConfigurationService.class).getSettings().get(SETTING);
		ClassLoaderService classes = serviceRegistry.requireService(ClassLoaderService.class);
		for (Object entry : entries(setting)) {
			Class<?> type = (entry instanceof Class) ? (Class<?>) entry : classes.classForName(entry.toString().trim());
			if (!TypedId.class.isAssignableFrom(type)) {
				throw new TimeSortedIdConfigurationException(
						"The setting " + SETTING + " names " + type.getName() + ", which does not implement TypedId.",
						"List only typed ID classes there.");
			}
			typeContributions.contributeJavaType(new TypedIdJavaType(type));
		}
	}

	private static Collection<?> entries(@Nullable Object setting) {
		if (setting == null) {
			return List.of();
		}
		if (setting instanceof Collection) {
			return (Collection<?>) setting;
		}
		List<String> names = new ArrayList<>();
		for (String name : setting.toString().split(",")) {
			if (!name.isBlank()) {
				names.add(name);
			}
		}
		return names;
	}

}
