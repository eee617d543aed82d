package io.github.timesortedid.hibernate;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
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
 */
record FieldDeclaration(String entityName, Class<?> entityClass, String attribute, boolean identifier, String prefix,
		String algorithm, Class<?> javaType, @Nullable Long columnLength, IdStorage storage) {

	/**
	 * Reads the declaration of an attribute from the boot model.
	 * @return the declaration, or {@code null} if the attribute has no {@code @TimeSortedId}
	 */
	static @Nullable FieldDeclaration of(PersistentClass entity, Property property) {
		AnnotatedElement member = member(entity.getMappedClass(), property.getName());
		TimeSortedId annotation = (member != null) ? member.getAnnotation(TimeSortedId.class) : null;
		if (member == null || annotation == null) {
			return null;
		}
		Class<?> javaType = javaType(entity.getMappedClass(), member);
		Column column = column(property);
		return new FieldDeclaration(entity.getJpaEntityName(), entity.getMappedClass(), property.getName(),
				entity.getIdentifierProperty() == property, annotation.prefix(), annotation.algorithm(), javaType,
				(column != null) ? column.getLength() : null, annotation.storage());
	}

	/** The declared type of a field or getter as {@code owner} sees it, type variables resolved. */
	static Class<?> javaType(Class<?> owner, AnnotatedElement member) {
		return GenericTypes.resolve(owner, (member instanceof Field field) ? field.getGenericType()
				: ((Method) member).getGenericReturnType());
	}

	/**
	 * Returns the single column an attribute maps to.
	 * @return the column, or {@code null} if the attribute maps to several columns or a formula
	 */
	static @Nullable Column column(Property property) {
		return (property.getValue().getSelectables().size() == 1
				&& property.getValue().getSelectables().get(0) instanceof Column column) ? column : null;
	}

	/** The field of an attribute, else its getter, searching the class and its superclasses; {@code null} if neither. */
	static @Nullable AnnotatedElement member(@Nullable Class<?> type, String attribute) {
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

	/** Says which attribute this is at the start of a message: {@code Entity 'Post', attribute 'id'}. */
	String describe() {
		return "Entity '" + this.entityName + "', attribute '" + this.attribute + "'";
	}

}
