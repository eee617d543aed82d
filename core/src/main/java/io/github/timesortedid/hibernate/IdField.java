package io.github.timesortedid.hibernate;

import java.util.UUID;

import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;

/**
 * One {@code @TimeSortedId} attribute as resolved at startup: its entity, Java type and ID format.
 * Makes the attribute's values and checks values assigned by the application.
 */
public final class IdField {

	private final String entityName;

	private final Class<?> entityClass;

	private final String attribute;

	private final boolean identifier;

	private final IdValueType valueType;

	private final IdFormat format;

	IdField(String entityName, Class<?> entityClass, String attribute, boolean identifier, IdValueType valueType,
			IdFormat format) {
		this.entityName = entityName;
		this.entityClass = entityClass;
		this.attribute = attribute;
		this.identifier = identifier;
		this.valueType = valueType;
		this.format = format;
	}

	/**
	 * Returns the JPA entity name, e.g. {@code Post}.
	 * @return the entity name
	 */
	public String entityName() {
		return this.entityName;
	}

	/**
	 * Returns the entity class.
	 * @return the class, or {@code null} for a dynamic entity
	 */
	public Class<?> entityClass() {
		return this.entityClass;
	}

	/**
	 * Returns the attribute name, e.g. {@code id}.
	 * @return the attribute name
	 */
	public String attribute() {
		return this.attribute;
	}

	/**
	 * Tells whether the attribute is the entity's {@code @Id}.
	 * @return true for the identifier
	 */
	public boolean isIdentifier() {
		return this.identifier;
	}

	/**
	 * Returns the Java type of the attribute.
	 * @return the value type
	 */
	public IdValueType valueType() {
		return this.valueType;
	}

	/**
	 * Returns the format: prefix, separator and algorithm.
	 * @return the format
	 */
	public IdFormat format() {
		return this.format;
	}

	/**
	 * Makes a new value of the attribute's Java type.
	 * @return a {@code String}, {@code Long} or {@code UUID}
	 */
	public Object next() {
		switch (this.valueType) {
			case STRING:
				return this.format.next();
			case LONG:
				return ((LongIdAlgorithm) this.format.algorithm()).nextLong();
			default:
				return ((UuidIdAlgorithm) this.format.algorithm()).nextUuid();
		}
	}

	/**
	 * Checks a value the application assigned before persisting.
	 * @param value the assigned value
	 * @return the same value
	 * @throws InvalidIdException naming the attribute and what is wrong
	 */
	public Object checkAssigned(Object value) {
		try {
			switch (this.valueType) {
				case STRING:
					this.format.validate((String) value);
					break;
				case LONG:
					((LongIdAlgorithm) this.format.algorithm()).validate((Long) value);
					break;
				default:
					((UuidIdAlgorithm) this.format.algorithm()).validate((UUID) value);
			}
			return value;
		}
		catch (InvalidIdException ex) {
			throw new InvalidIdException(String.valueOf(value), "assigned to " + this + ": " + ex.getReason());
		}
	}

	/** Returns {@code Entity.attribute}. */
	@Override
	public String toString() {
		return this.entityName + "." + this.attribute;
	}

}
