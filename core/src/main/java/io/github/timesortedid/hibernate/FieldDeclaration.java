package io.github.timesortedid.hibernate;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

import io.github.timesortedid.TimeSortedId;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;

/** What the mapping says about one {@code @TimeSortedId} attribute, before it is resolved. */
final class FieldDeclaration {

	final String entityName;

	final Class<?> entityClass;

	final String attribute;

	final boolean identifier;

	final String prefix;

	final String algorithm;

	final Class<?> javaType;

	final Long columnLength;

	FieldDeclaration(String entityName, Class<?> entityClass, String attribute, boolean identifier, String prefix,
			String algorithm, Class<?> javaType, Long columnLength) {
		this.entityName = entityName;
		this.entityClass = entityClass;
		this.attribute = attribute;
		this.identifier = identifier;
		this.prefix = prefix;
		this.algorithm = algorithm;
		this.javaType = javaType;
		this.columnLength = columnLength;
	}

	/** Reads the declaration of an attribute from the boot model; {@code null} if it has no {@code @TimeSortedId}. */
	static FieldDeclaration of(PersistentClass entity, Property property) {
		AnnotatedElement member = member(entity.getMappedClass(), property.getName());
		TimeSortedId annotation = (member != null) ? member.getAnnotation(TimeSortedId.class) : null;
		if (annotation == null) {
			return null;
		}
		Class<?> javaType = GenericTypes.resolve(entity.getMappedClass(), (member instanceof Field field)
				? field.getGenericType() : ((Method) member).getGenericReturnType());
		Column column = column(property);
		return new FieldDeclaration(entity.getJpaEntityName(), entity.getMappedClass(), property.getName(),
				entity.getIdentifierProperty() == property, annotation.prefix(), annotation.algorithm(), javaType,
				(column != null) ? column.getLength() : null);
	}

	/** The single column an attribute maps to, or {@code null}. */
	static Column column(Property property) {
		return (property.getValue().getSelectables().size() == 1
				&& property.getValue().getSelectables().get(0) instanceof Column)
						? (Column) property.getValue().getSelectables().get(0) : null;
	}

	/** The field of an attribute, else its getter, searching the class and its superclasses. */
	private static AnnotatedElement member(Class<?> type, String attribute) {
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

	String describe() {
		return "Entity '" + this.entityName + "', attribute '" + this.attribute + "'";
	}

}
