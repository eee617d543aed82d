package io.github.timesortedid.model;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import org.jspecify.annotations.Nullable;

/**
 * What the mapping says about one {@code @TimeSortedId} attribute, before it is resolved: which
 * attribute it is, what its annotation asks for, and the length of its column.
 *
 * @param entityName the JPA entity name, e.g. {@code Post}
 * @param entityClass the entity class (a dynamic entity has none, hence no {@code @TimeSortedId})
 * @param attribute the attribute name, e.g. {@code id}
 * @param identifier whether the attribute is the entity's {@code @Id}
 * @param prefix the prefix of {@code @TimeSortedId(prefix)}; empty if it names none
 * @param algorithm the algorithm of {@code @TimeSortedId(algorithm)}; empty if it names none
 * @param javaType the attribute's Java type as the entity class sees it, type variables resolved
 * @param columnLength the length of the attribute's single column; {@code null} if it maps to no
 * single column or sets no length
 * @param storage the storage of {@code @TimeSortedId(storage)}; {@code DEFAULT} if it names none
 * @param valueClass the Kotlin value class the attribute is declared with, whose underlying type is
 * {@code javaType}; {@code null} if it is not declared with one
 */
public record FieldDeclaration(String entityName, Class<?> entityClass, String attribute, boolean identifier, String prefix,
		String algorithm, Class<?> javaType, @Nullable Long columnLength, IdStorage storage,
		@Nullable Class<?> valueClass) {

	/**
	 * Creates the declaration of an attribute that is not declared with a Kotlin value class.
	 * @param entityName the JPA entity name
	 * @param entityClass the entity class
	 * @param attribute the attribute name
	 * @param identifier whether the attribute is the entity's {@code @Id}
	 * @param prefix the prefix of {@code @TimeSortedId(prefix)}, or empty
	 * @param algorithm the algorithm of {@code @TimeSortedId(algorithm)}, or empty
	 * @param javaType the attribute's Java type
	 * @param columnLength the length of its single column, or {@code null}
	 * @param storage the storage of {@code @TimeSortedId(storage)}
	 */
	public FieldDeclaration(String entityName, Class<?> entityClass, String attribute, boolean identifier, String prefix,
			String algorithm, Class<?> javaType, @Nullable Long columnLength, IdStorage storage) {
		this(entityName, entityClass, attribute, identifier, prefix, algorithm, javaType, columnLength, storage, null);
	}

	/**
	 * Reads the declaration of an attribute from its entity class: its {@code @TimeSortedId} on the
	 * field or getter, its Java type as the entity class sees it, and the Kotlin value class a
	 * Kotlin property is declared with.
	 * @param entityName the entity name
	 * @param entityClass the entity class
	 * @param attribute the attribute name
	 * @param identifier whether the attribute is the entity's ID
	 * @param columnLength the length of its single column, or {@code null}
	 * @return the declaration, or {@code null} if the attribute has no {@code @TimeSortedId}
	 */
	public static @Nullable FieldDeclaration of(String entityName, Class<?> entityClass, String attribute, boolean identifier,
			@Nullable Long columnLength) {
		AnnotatedElement member = member(entityClass, attribute);
		TimeSortedId annotation = (member != null) ? member.getAnnotation(TimeSortedId.class) : null;
		if (member == null || annotation == null) {
			return null;
		}
		Class<?> valueClass;
		try {
			valueClass = (member instanceof Field) ? KotlinValueClasses.declaredValueClass(entityClass, attribute) : null;
		}
		catch (TimeSortedIdConfigurationException ex) {
			throw new TimeSortedIdConfigurationException("Entity '" + entityName + "', attribute '" + attribute + "': "
					+ ex.getDescription(), ex.getAction());
		}
		return new FieldDeclaration(entityName, entityClass, attribute, identifier, annotation.prefix(), annotation.algorithm(),
				javaType(entityClass, member), columnLength, annotation.storage(), valueClass);
	}

	/**
	 * The declared type of a field or getter as {@code owner} sees it, type variables resolved.
	 * @param owner the owner
	 * @param member the member
	 * @return the class
	 */
	public static Class<?> javaType(Class<?> owner, AnnotatedElement member) {
		return GenericTypes.resolve(owner, (member instanceof Field field) ? field.getGenericType()
				: ((Method) member).getGenericReturnType());
	}

	/**
	 * The field of an attribute, else its getter, searching the class and its superclasses; {@code null} if neither.
	 * @param type the type
	 * @param attribute the attribute
	 * @return the annotated element
	 */
	public static @Nullable AnnotatedElement member(@Nullable Class<?> type, String attribute) {
		String capitalized = Character.toUpperCase(attribute.charAt(0)) + attribute.substring(1);
		for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
			for (Field field : current.getDeclaredFields()) {
				if (field.getName().equals(attribute)) {
					return field;
				}
			}
			for (Method method : current.getDeclaredMethods()) {
				if (method.getParameterCount() == 0
						&& (method.getName().equals("get" + capitalized) || method.getName().equals("is" + capitalized))) {
					return method;
				}
			}
		}
		return null;
	}

	/**
	 * Says which attribute this is at the start of a message: {@code Entity 'Post', attribute 'id'}.
	 * @return the string
	 */
	public String describe() {
		return "Entity '" + this.entityName + "', attribute '" + this.attribute + "'";
	}

}
