package io.github.timesortedid.hibernate;

import java.time.Instant;
import java.util.UUID;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
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

	private final Class<?> javaType;

	private final IdFormat format;

	IdField(String entityName, Class<?> entityClass, String attribute, boolean identifier, IdValueType valueType,
			Class<?> javaType, IdFormat format) {
		this.entityName = entityName;
		this.entityClass = entityClass;
		this.attribute = attribute;
		this.identifier = identifier;
		this.valueType = valueType;
		this.javaType = javaType;
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
	 * Returns the kind of Java type of the attribute.
	 * @return the value type
	 */
	public IdValueType valueType() {
		return this.valueType;
	}

	/**
	 * Returns the declared Java type of the attribute, e.g. {@code String} or a typed ID record.
	 * @return the Java type
	 */
	public Class<?> javaType() {
		return this.javaType;
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
			case TYPED:
				return typed(this.format.next());
			case LONG:
				return ((LongIdAlgorithm) this.format.algorithm()).nextLong();
			default:
				return ((UuidIdAlgorithm) this.format.algorithm()).nextUuid();
		}
	}

	/**
	 * Tells whether an attribute value means "no ID yet": {@code null}, or {@code 0} for a primitive
	 * {@code long}, which cannot be null.
	 * @param value the attribute's current value
	 * @return true if a new ID is to be made
	 */
	public boolean isUnassigned(Object value) {
		return value == null || (this.javaType == long.class && ((Long) value) == 0L);
	}

	/**
	 * Returns the length of the longest text of a value: the format's length for strings and typed
	 * IDs, 19 digits for a {@code Long}, 36 characters for a UUID.
	 * @return the number of characters
	 */
	public int longestText() {
		return switch (this.valueType) {
			case STRING, TYPED -> this.format.length();
			case LONG -> String.valueOf(Long.MAX_VALUE).length();
			case UUID -> 36;
		};
	}

	/**
	 * Tells whether values carry their creation time, so that bounds and instants exist.
	 * @return true for a time-ordered algorithm
	 */
	public boolean isTimeOrdered() {
		return this.format.isTimeOrdered();
	}

	/**
	 * Tells whether newer values sort first ({@code kuuid} with {@code reverse}).
	 * @return true for newest-first order
	 */
	public boolean isDescending() {
		return timeOrdered().isDescending();
	}

	/**
	 * Returns the smallest value (in database order) made at {@code instant}.
	 * @param instant an instant in the algorithm's range
	 * @return a value of the attribute's Java type
	 * @throws UnsupportedOperationException if the algorithm carries no time
	 */
	public Object lowest(Instant instant) {
		return bound(instant, true);
	}

	/**
	 * Returns the largest value (in database order) made at {@code instant}.
	 * @param instant an instant in the algorithm's range
	 * @return a value of the attribute's Java type
	 * @throws UnsupportedOperationException if the algorithm carries no time
	 */
	public Object highest(Instant instant) {
		return bound(instant, false);
	}

	/**
	 * Decodes the creation instant of a value of the attribute's Java type.
	 * @param value a value
	 * @return its instant, at the algorithm's precision
	 * @throws InvalidIdException if the value is not valid
	 * @throws UnsupportedOperationException if the algorithm carries no time
	 */
	public Instant instantOf(Object value) {
		TimeOrderedIdAlgorithm algorithm = timeOrdered();
		switch (this.valueType) {
			case STRING:
				return this.format.instantOf((String) value);
			case TYPED:
				return this.format.instantOf(((TypedId) value).value());
			case LONG:
				return ((LongIdAlgorithm) algorithm).instantOf((Long) value);
			default:
				return ((UuidIdAlgorithm) algorithm).instantOf((UUID) value);
		}
	}

	/**
	 * Reads a value of the attribute's Java type from its text: the ID itself for strings and
	 * typed IDs, the decimal number for longs, the canonical form for UUIDs.
	 * @param text the text
	 * @return the value
	 * @throws InvalidIdException if the text is not a valid value
	 */
	public Object fromText(String text) {
		switch (this.valueType) {
			case STRING:
				this.format.validate(text);
				return text;
			case TYPED:
				this.format.validate(text);
				return typed(text);
			case LONG:
				try {
					long value = Long.parseLong(text);
					((LongIdAlgorithm) this.format.algorithm()).validate(value);
					return value;
				}
				catch (NumberFormatException ex) {
					throw new InvalidIdException(text, "a " + this + " ID is a decimal number");
				}
			default:
				try {
					UUID value = UUID.fromString(text);
					((UuidIdAlgorithm) this.format.algorithm()).validate(value);
					return value;
				}
				catch (IllegalArgumentException ex) {
					if (ex instanceof InvalidIdException) {
						throw ex;
					}
					throw new InvalidIdException(text, "a " + this + " ID is a UUID in 8-4-4-4-12 form");
				}
		}
	}

	private Object bound(Instant instant, boolean lowest) {
		TimeOrderedIdAlgorithm algorithm = timeOrdered();
		switch (this.valueType) {
			case STRING:
				return lowest ? this.format.lowest(instant) : this.format.highest(instant);
			case TYPED:
				return typed(lowest ? this.format.lowest(instant) : this.format.highest(instant));
			case LONG:
				LongIdAlgorithm longs = (LongIdAlgorithm) algorithm;
				return lowest ? longs.lowestLong(instant) : longs.highestLong(instant);
			default:
				UuidIdAlgorithm uuids = (UuidIdAlgorithm) algorithm;
				return lowest ? uuids.lowestUuid(instant) : uuids.highestUuid(instant);
		}
	}

	/**
	 * Returns the algorithm as a time-ordered one.
	 * @return the algorithm
	 * @throws UnsupportedOperationException naming the attribute and algorithm if it carries no time
	 */
	public TimeOrderedIdAlgorithm timeOrdered() {
		if (!this.format.isTimeOrdered()) {
			throw new UnsupportedOperationException(this + " uses " + this.format.algorithm().name()
					+ ", whose IDs carry no time: they have no creation instant, no time range and no creation order; "
					+ "use a time-ordered algorithm such as uuidv7 for that");
		}
		return (TimeOrderedIdAlgorithm) this.format.algorithm();
	}

	@SuppressWarnings("unchecked")
	private TypedId typed(String text) {
		return TypedIds.of((Class<? extends TypedId>) this.javaType, text);
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
				case TYPED:
					this.format.validate(((TypedId) value).value());
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
