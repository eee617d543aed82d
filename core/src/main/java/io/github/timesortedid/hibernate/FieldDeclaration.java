package io.github.timesortedid.hibernate;

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

	String describe() {
		return "Entity '" + this.entityName + "', attribute '" + this.attribute + "'";
	}

}
