package io.github.timesortedid.autoconfigure;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import io.github.timesortedid.hibernate.TypedIdTypeContributor;
import org.springframework.util.ClassUtils;

/**
 * Finds the {@link io.github.timesortedid.TypedId} types that entity attributes are declared with,
 * generic base classes included, among the entity classes Spring Boot scanned.
 */
final class TypedIdScanner {

	private TypedIdScanner() {
	}

	static Set<Class<?>> typedIds(Collection<String> entityClassNames) {
		List<Class<?>> entities = new ArrayList<>();
		for (String name : entityClassNames) {
			try {
				entities.add(ClassUtils.forName(name, null));
			}
			catch (ClassNotFoundException | LinkageError ex) {
				// not loadable here: Hibernate reports it in its own words
			}
		}
		return TypedIdTypeContributor.typedIdsOf(entities);
	}

}
