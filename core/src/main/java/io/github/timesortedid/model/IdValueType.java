package io.github.timesortedid.model;

import java.time.Instant;
import java.util.List;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;
import org.jspecify.annotations.Nullable;

/**
 * The Java types a {@code @TimeSortedId} attribute can have, each with all that depends on it:
 * which algorithms fill it, how a value is made, read from text, checked and bounded by time, and
 * what kind of column holds it. {@code String} takes every algorithm, {@code Long}/{@code long}
 * the 64-bit one ({@code snowflake}), {@code UUID} the 128-bit ones ({@code uuidv7}, {@code ulid}
 * and {@code hex-ulid}, which has the bits of {@code ulid}), and a {@link TypedId} record every
 * algorithm, as a string.
 * <p>
 * Each constant carries its own behaviour, so that {@link IdField} delegates without asking which
 * type it has, and another attribute type or storage form is one more constant here rather than a
 * branch in every method of {@code IdField}. The methods of the enum itself serve prefixed text:
 * {@code STRING} uses them as they are, {@code TYPED} wraps and unwraps the same text, and the
 * types whose values are not text override them all.
 */
public enum IdValueType {

	/** A {@code String}: prefix, separator and body. */
	STRING("String", "a String (every algorithm)", ColumnFamily.TEXT, IdAlgorithm.class, String.class),

	/** A {@link TypedId} record (or Kotlin class) holding the string ID. */
	TYPED("TypedId", "a TypedId record or Kotlin class (every algorithm)", ColumnFamily.TEXT, IdAlgorithm.class) {

		@Override
		boolean fits(Class<?> type) {
			// TypedId itself has no constructor to make values with
			return TypedId.class.isAssignableFrom(type) && type != TypedId.class;
		}

		@Override
		@SuppressWarnings("unchecked") // fits() admits only TypedId classes
		Object wrap(IdField field, String id) {
			return TypedIds.of((Class<? extends TypedId>) field.javaType(), id);
		}

		@Override
		public String unwrap(Object value) {
			return ((TypedId) value).value();
		}

	},

	/** A {@code Long} or {@code long}. */
	LONG("Long/long", "a Long or long (snowflake)", ColumnFamily.BIGINT, LongIdAlgorithm.class, Long.class, long.class) {

		@Override
		String algorithmAdvice() {
			return "Use the snowflake algorithm for Long IDs, or make the attribute a String.";
		}

		@Override
		boolean isUnassigned(IdField field, @Nullable Object value) {
			// a primitive long cannot be null, so its default 0 is what "no ID yet" looks like
			return value == null || (field.javaType() == long.class && (Long) value == 0L);
		}

		@Override
		Object next(IdField field) {
			return algorithm(field).nextLong();
		}

		@Override
		Object nextAt(IdField field, Instant instant) {
			return algorithm(field).nextLongAt(instant);
		}

		@Override
		Object fromText(IdField field, String text) {
			long value = ValueTexts.decimal(field, text);
			algorithm(field).validate(value);
			return value;
		}

		@Override
		void validate(IdField field, Object value) {
			algorithm(field).validate((Long) value);
		}

		@Override
		Instant instantOf(IdField field, Object value) {
			return algorithm(field).instantOf((Long) value);
		}

		@Override
		Object bound(IdField field, Instant instant, boolean lowest) {
			LongIdAlgorithm algorithm = algorithm(field);
			return lowest ? algorithm.lowestLong(instant) : algorithm.highestLong(instant);
		}

		@Override
		int longestText(IdFormat format) {
			return ValueTexts.LONG_DIGITS;
		}

		// accepts() let only such algorithms through to the attribute's format
		private LongIdAlgorithm algorithm(IdField field) {
			return (LongIdAlgorithm) field.format().algorithm();
		}

	},

	/** A {@code java.util.UUID}. */
	UUID(java.util.UUID.class.getName(), "a java.util.UUID (uuidv7, ulid, hex-ulid)", ColumnFamily.UUID,
			UuidIdAlgorithm.class, java.util.UUID.class) {

		@Override
		String algorithmAdvice() {
			return "Use uuidv7, ulid or hex-ulid for UUID IDs, or make the attribute a String.";
		}

		@Override
		Object next(IdField field) {
			return algorithm(field).nextUuid();
		}

		@Override
		Object nextAt(IdField field, Instant instant) {
			return algorithm(field).nextUuidAt(instant);
		}

		@Override
		Object fromText(IdField field, String text) {
			java.util.UUID value = ValueTexts.uuid(field, text);
			algorithm(field).validate(value);
			return value;
		}

		@Override
		void validate(IdField field, Object value) {
			algorithm(field).validate((java.util.UUID) value);
		}

		@Override
		Instant instantOf(IdField field, Object value) {
			return algorithm(field).instantOf((java.util.UUID) value);
		}

		@Override
		Object bound(IdField field, Instant instant, boolean lowest) {
			UuidIdAlgorithm algorithm = algorithm(field);
			return lowest ? algorithm.lowestUuid(instant) : algorithm.highestUuid(instant);
		}

		@Override
		int longestText(IdFormat format) {
			return ValueTexts.UUID_LENGTH;
		}

		// accepts() let only such algorithms through to the attribute's format
		private UuidIdAlgorithm algorithm(IdField field) {
			return (UuidIdAlgorithm) field.format().algorithm();
		}

	};

	private final String javaName;

	private final String choice;

	private final ColumnFamily column;

	private final Class<? extends IdAlgorithm> algorithms;

	private final List<Class<?>> javaTypes;

	/** Its name in messages, its entry in the list of choices, its column, its algorithms, its Java types. */
	IdValueType(String javaName, String choice, ColumnFamily column, Class<? extends IdAlgorithm> algorithms,
			Class<?>... javaTypes) {
		this.javaName = javaName;
		this.choice = choice;
		this.column = column;
		this.algorithms = algorithms;
		this.javaTypes = List.of(javaTypes);
	}

	/**
	 * Returns the value type of a Java type.
	 * @param type the attribute's Java type
	 * @return the value type, or {@code null} if none fits
	 */
	public static @Nullable IdValueType of(Class<?> type) {
		for (IdValueType candidate : values()) {
			if (candidate.fits(type)) {
				return candidate;
			}
		}
		return null;
	}

	/**
	 * Lists every value type with the algorithms it takes, for a message that says what an attribute
	 * may be: {@code a String (every algorithm), ... or a java.util.UUID (uuidv7, ulid, hex-ulid)}.
	 */
	static String choices() {
		IdValueType[] all = values();
		StringBuilder choices = new StringBuilder(all[0].choice);
		for (int i = 1; i < all.length; i++) {
			choices.append((i < all.length - 1) ? ", " : " or ").append(all[i].choice);
		}
		return choices.toString();
	}

	/** Tells whether an attribute of this Java type has this value type. */
	boolean fits(Class<?> type) {
		return this.javaTypes.contains(type);
	}

	/**
	 * Tells whether an algorithm can fill an attribute of this type.
	 * @param algorithm the algorithm
	 * @return true if its values fit
	 */
	public boolean accepts(IdAlgorithm algorithm) {
		return this.algorithms.isInstance(algorithm);
	}

	/** What to do when the configured algorithm is not {@linkplain #accepts(IdAlgorithm) accepted}. */
	String algorithmAdvice() {
		return "Use another algorithm, or make the attribute a String."; // text takes every algorithm
	}

	/** Names the Java type in messages, e.g. {@code Long/long}. */
	String javaName() {
		return this.javaName;
	}

	/**
	 * Returns the kind of column that holds values, which the schema check compares with the database's.
	 * @return the column family
	 */
	public ColumnFamily column() {
		return this.column;
	}

	/**
	 * Whether values are prefixed text: {@code String} or a typed ID.
	 * @return the boolean
	 */
	public boolean isText() {
		return this.column == ColumnFamily.TEXT;
	}

	/** Returns the length of the longest text of a value: for text, the format's length. */
	int longestText(IdFormat format) {
		return format.length();
	}

	/** Tells whether an attribute's current value means "no ID yet". */
	boolean isUnassigned(IdField field, @Nullable Object value) {
		return value == null;
	}

	/** Makes a new value of the attribute's Java type. */
	Object next(IdField field) {
		return wrap(field, field.format().next());
	}

	/** Makes a new value of the attribute's Java type that carries an instant; see {@link IdField#nextAt(Instant)}. */
	Object nextAt(IdField field, Instant instant) {
		return wrap(field, field.format().nextAt(instant));
	}

	/** Reads and checks a value from its text; see {@link IdField#fromText(String)}. */
	Object fromText(IdField field, String text) {
		field.format().validate(text);
		return wrap(field, text);
	}

	/** Checks a value of the attribute's Java type, throwing {@link InvalidIdException} if it is not valid. */
	void validate(IdField field, Object value) {
		field.format().validate(unwrap(value));
	}

	/** Decodes the creation instant of a value; the attribute's algorithm is time-ordered. */
	Instant instantOf(IdField field, Object value) {
		return field.format().instantOf(unwrap(value));
	}

	/** Returns the lowest or highest value made at an instant; the attribute's algorithm is time-ordered. */
	Object bound(IdField field, Instant instant, boolean lowest) {
		IdFormat format = field.format();
		return wrap(field, lowest ? format.lowest(instant) : format.highest(instant));
	}

	/** Turns the text of an ID into a value of the attribute's Java type; a {@code String} is its own. */
	Object wrap(IdField field, String id) {
		return id;
	}

	/**
	 * Returns the text of an ID held in a value of the attribute's Java type.
	 * @param value the value
	 * @return the string
	 */
	public String unwrap(Object value) {
		return (String) value;
	}

}
