package io.github.timesortedid.autoconfigure;

import java.lang.reflect.Field;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

import io.github.timesortedid.TypedId;
import org.springframework.util.ClassUtils;

/** Finds the {@link io.github.timesortedid.TypedId} types that entity attributes are declared with. */
final class TypedIdScanner {

	private TypedIdScanner() {
	}

	static Set<Class<?>> typedIds(Collection<String> entityClassNames) {
		Set<Class<?>> found = new LinkedHashSet<>();
		for (String name : entityClassNames) {
			Class<?> entity;
			try {
				entity = ClassUtils.forName(name, null);
			}
			catch (ClassNotFoundException | LinkageError ex) {
				continue;
			}
			for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
				for (Field field : type.getDeclaredFields()) {
					if (TypedId.class.isAssignableFrom(field.getType()) && !field.getType().isInterface()) {
						found.add(field.getType());
					}
				}
			}
		}
		return found;
	}

}
