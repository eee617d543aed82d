package io.github.timesortedid.hibernate;

import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;

/**
 * The Java types a {@code @TimeSortedId} attribute can have, and which algorithms fill each:
 * {@code String} takes every algorithm, {@code Long}/{@code long} the 64-bit one
 * ({@code snowflake}), {@code UUID} the 128-bit ones ({@code uuidv7}, {@code ulid} and
 * {@code hex-ulid}, which has the bits of {@code ulid}).
 */
public enum IdValueType {

	/** A {@code String}: prefix, separator and body. */
	STRING,

	/** A {@code Long} or {@code long}. */
	LONG,

	/** A {@code java.util.UUID}. */
	UUID;

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
		return (type == java.util.UUID.class) ? UUID : null;
	}

	/**
	 * Tells whether an algorithm can fill an attribute of this type.
	 * @param algorithm the algorithm
	 * @return true if its values fit
	 */
	public boolean accepts(IdAlgorithm algorithm) {
		switch (this) {
			case STRING:
				return true;
			case LONG:
				return algorithm instanceof LongIdAlgorithm;
			default:
				return algorithm instanceof UuidIdAlgorithm;
		}
	}

	String javaName() {
		return (this == UUID) ? java.util.UUID.class.getName() : (this == LONG) ? "Long/long" : "String";
	}

}
