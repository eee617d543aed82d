package io.github.timesortedid.model;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.HashMap;
import java.util.Map;

/**
 * Resolves the declared type of an attribute as the entity class sees it: an {@code ID id} declared
 * on {@code BaseEntity<ID extends TypedId>} is an {@code OwnerId} on {@code Owner extends
 * BaseEntity<OwnerId>}, where plain reflection sees only the erasure {@code TypedId}.
 */
public final class GenericTypes {

	private GenericTypes() {
	}

	/**
	 * Resolves a type used in {@code owner} or one of its superclasses.
	 * @param owner the entity class, the most derived one
	 * @param type a field's generic type or a getter's generic return type
	 * @return the class it stands for in {@code owner}, or its erasure if a type argument is not given
	 */
	public static Class<?> resolve(Class<?> owner, Type type) {
		// what each superclass's type variables are bound to on the way down to owner
		Map<TypeVariable<?>, Type> bindings = new HashMap<>();
		for (Class<?> current = owner; current != null && current != Object.class; current = current.getSuperclass()) {
			if (current.getGenericSuperclass() instanceof ParameterizedType parameterized) {
				TypeVariable<?>[] variables = ((Class<?>) parameterized.getRawType()).getTypeParameters();
				Type[] arguments = parameterized.getActualTypeArguments();
				for (int i = 0; i < variables.length; i++) {
					bindings.put(variables[i], arguments[i]);
				}
			}
		}
		return resolve(type, bindings);
	}

	private static Class<?> resolve(Type type, Map<TypeVariable<?>, Type> bindings) {
		Type bound = type;
		while (bound instanceof TypeVariable<?> variable && bindings.containsKey(variable)) {
			bound = bindings.get(variable);
		}
		if (bound instanceof Class<?> plain) {
			return plain;
		}
		if (bound instanceof ParameterizedType parameterized) {
			return (Class<?>) parameterized.getRawType();
		}
		if (bound instanceof TypeVariable<?> unbound) {
			return resolve(unbound.getBounds()[0], bindings);
		}
		if (bound instanceof WildcardType wildcard) {
			return resolve(wildcard.getUpperBounds()[0], bindings);
		}
		if (bound instanceof GenericArrayType array) {
			return resolve(array.getGenericComponentType(), bindings).arrayType();
		}
		return Object.class;
	}

}
