package io.github.timesortedid.hibernate;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;

/**
 * The Java types a {@code @TimeSortedId} attribute can have, and which algorithms fill each:
 * {@code String} takes every algorithm, {@code Long}/{@code long} the 64-bit one
 * ({@code snowflake}), {@code UUID} the 128-bit ones ({@code uuidv7}, {@code ulid} and
 * {@code hex-ulid}, which has the bits of {@code ulid}), and a {@link TypedId} record every
 * algorithm, as a string.
 */
public enum IdValueType {

	/** A {@code String}: prefix, separator and body. */
	STRING,

	/** A {@code Long} or {@code long}. */
	LONG,

	/** A {@code java.util.UUID}. */
	UUID,

	/** A {@link TypedId} record holding the string ID. */
	TYPED;

	/**
	 * Returns the value type of a Java type.
	 * @param type the attribute's Java type
	 * @return the value type, or {@code null} if none fits
	 */
	public static IdValueType of(Class<?> type) {
		if (type == String.class) {
			return STRING;
		}
		if (type == Long.class || type == long.class) {
			return LONG;
		}
		if (type == java.util.UUID.class) {
			return UUID;
		}
		return (TypedId.class.isAssignableFrom(type) && type != TypedId.class) ? TYPED : null;
	}

	/**
	 * Tells whether an algorithm can fill an attribute of this type.
	 * @param algorithm the algorithm
	 * @return true if its values fit
	 */
	public boolean accepts(IdAlgorithm algorithm) {
		switch (this) {
			case STRING:
			case TYPED:
				return true;
			case LONG:
				return algorithm instanceof LongIdAlgorithm;
			default:
				return algorithm instanceof UuidIdAlgorithm;
		}
	}

	String javaName() {
		switch (this) {
			case UUID:
				return java.util.UUID.class.getName();
			case LONG:
				return "Long/long";
			default:
				return "String";
		}
	}

	/** Whether values are prefixed text: {@code String} or a typed ID. */
	boolean isText() {
		return this == STRING || this == TYPED;
	}

}
