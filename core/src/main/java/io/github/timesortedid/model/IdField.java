package io.github.timesortedid.model;

import java.time.Instant;
import java.util.concurrent.atomic.LongAdder;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.partitioning.PartitionBounds;
import org.jspecify.annotations.Nullable;

/**
 * One {@code @TimeSortedId} attribute as resolved at startup: its entity, Java type and ID format.
 * Makes the attribute's values and checks values assigned by the application; what differs between
 * Java types is the business of its {@link IdValueType}.
 */
public final class IdField {

	private final FieldDeclaration declaration;

	private final IdValueType valueType;

	private final IdFormat format;

	private final @Nullable BinaryIdFormat binary;

	private final LongAdder generated = new LongAdder();

	private final LongAdder refused = new LongAdder();

	IdField(FieldDeclaration declaration, IdValueType valueType, IdFormat format) {
		this(declaration, valueType, format, null);
	}

	/**
	 * Describes a resolved attribute; {@link TimeSortedIdRegistry} makes them as attributes are registered.
	 * @param declaration what the mapping declares
	 * @param valueType the attribute's Java type
	 * @param format the format of its IDs
	 * @param binary the bytes a binary column holds, or {@code null} for text storage
	 */
	public IdField(FieldDeclaration declaration, IdValueType valueType, IdFormat format, @Nullable BinaryIdFormat binary) {
		this.declaration = declaration;
		this.valueType = valueType;
		this.format = format;
		this.binary = binary;
	}

	/**
	 * Returns the JPA entity name, e.g. {@code Post}.
	 * @return the entity name
	 */
	public String entityName() {
		return this.declaration.entityName();
	}

	/**
	 * Returns the entity class; a dynamic entity, which has none, has no {@code @TimeSortedId}
	 * attribute either.
	 * @return the class
	 */
	public Class<?> entityClass() {
		return this.declaration.entityClass();
	}

	/**
	 * Returns the attribute name, e.g. {@code id}.
	 * @return the attribute name
	 */
	public String attribute() {
		return this.declaration.attribute();
	}

	/**
	 * Tells whether the attribute is the entity's {@code @Id}.
	 * @return true for the identifier
	 */
	public boolean isIdentifier() {
		return this.declaration.identifier();
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
		return this.declaration.javaType();
	}

	/**
	 * Returns the format: prefix, separator and algorithm.
	 * @return the format
	 */
	public IdFormat format() {
		return this.format;
	}

	/**
	 * Returns how the column holds the attribute's values: as characters or as bits.
	 * @return {@code TEXT} for a {@code String} or typed ID in a text column; {@code BINARY} for
	 * one stored as its body's bytes, and for {@code Long} and {@code UUID} attributes, which are
	 * {@code bigint} and {@code uuid} whatever the settings say
	 */
	public IdStorage storage() {
		return (this.binary != null || !this.valueType.isText()) ? IdStorage.BINARY : IdStorage.TEXT;
	}

	/**
	 * Returns the binary form the column holds, for a {@code String} or typed ID stored as bytes.
	 * @return the binary form, or {@code null} for text storage
	 */
	public @Nullable BinaryIdFormat binary() {
		return this.binary;
	}

	/**
	 * Returns the kind of column that holds the values on a database.
	 * @param database the database
	 * @return the column family
	 */
	public ColumnFamily column(DatabaseKind database) {
		return (this.binary != null) ? ColumnFamily.ofBinary(this.binary, database) : this.valueType.column();
	}

	/**
	 * Returns the type the attribute is declared with: its Java type, or the Kotlin value class a
	 * Kotlin property is declared with, whose underlying type is the Java type.
	 * @return the declared type
	 */
	public Class<?> declaredType() {
		Class<?> valueClass = this.declaration.valueClass();
		return (valueClass != null) ? valueClass : javaType();
	}

	/**
	 * Makes a new value of the attribute's Java type.
	 * @return a {@code String}, typed ID, {@code Long} or {@code UUID}
	 * @throws IdGenerationException if the generator cannot make one now (its node lease cannot be
	 * trusted, its clock is out of range, {@code snowflake} waited too long)
	 */
	public Object next() {
		Object value;
		try {
			value = this.valueType.next(this);
		}
		catch (IdGenerationException ex) {
			this.refused.increment();
			throw ex;
		}
		// counted once handed out: a refused ID was never made
		this.generated.increment();
		return value;
	}

	/**
	 * Makes a new value that carries a given instant instead of the clock's, for rows whose time is
	 * known elsewhere (imports, back-fills, tests): see {@link TimeOrderedIdAlgorithm#nextBodyAt}.
	 * @param instant the instant
	 * @return a {@code String}, typed ID, {@code Long} or {@code UUID} whose {@link #instantOf} is the
	 * instant at the algorithm's precision
	 * @throws UnsupportedOperationException naming the attribute if its algorithm carries no time
	 * @throws IllegalArgumentException if the instant is outside the algorithm's range
	 * @throws IdGenerationException if the instant has no room for another ID
	 */
	public Object nextAt(Instant instant) {
		timeOrdered();
		return this.valueType.nextAt(this, instant);
	}

	/**
	 * Returns how many IDs {@link #next()} has made for this attribute.
	 * @return the count since startup
	 */
	public long generatedCount() {
		return this.generated.sum();
	}

	/**
	 * Returns how many times {@link #next()} refused to make an ID for this attribute with an
	 * {@link IdGenerationException}.
	 * @return the count since startup
	 */
	public long refusedCount() {
		return this.refused.sum();
	}

	/**
	 * Tells whether an attribute value means "no ID yet": {@code null}, or {@code 0} for a primitive
	 * {@code long}, which cannot be null.
	 * @param value the attribute's current value, or {@code null}
	 * @return true if a new ID is to be made
	 */
	public boolean isUnassigned(@Nullable Object value) {
		return this.valueType.isUnassigned(this, value);
	}

	/**
	 * Returns the length of the longest text of a value: the format's length for strings and typed
	 * IDs, 19 digits for a {@code Long}, 36 characters for a UUID.
	 * @return the number of characters
	 */
	public int longestText() {
		return this.valueType.longestText(this.format);
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
		timeOrdered();
		return this.valueType.bound(this, instant, true);
	}

	/**
	 * Returns the largest value (in database order) made at {@code instant}.
	 * @param instant an instant in the algorithm's range
	 * @return a value of the attribute's Java type
	 * @throws UnsupportedOperationException if the algorithm carries no time
	 */
	public Object highest(Instant instant) {
		timeOrdered();
		return this.valueType.bound(this, instant, false);
	}

	/**
	 * Returns the bound of a range partition at an instant, as the column holds it: every ID made at
	 * an instant in {@code [start, end)} sorts in {@code [partitionBound(start), partitionBound(end))}
	 * in the column's own order (see {@link PartitionBounds}).
	 * @param instant an instant in the algorithm's range, on a whole unit of its precision
	 * @return the prefixed text for text storage (for {@code couchdb-utc-id}, its time without the
	 * suffix), the body's bytes ({@code byte[]}) for binary storage, the {@code Long} or {@code UUID}
	 * @throws UnsupportedOperationException if the IDs carry no time or sort newest first, saying why
	 * @throws IllegalArgumentException if the instant is outside the range or inside a unit
	 */
	public Object partitionBound(Instant instant) {
		return PartitionBounds.of(this, instant);
	}

	/**
	 * Decodes the creation instant of a value of the attribute's Java type.
	 * @param value a value
	 * @return its instant, at the algorithm's precision
	 * @throws InvalidIdException if the value is not valid
	 * @throws UnsupportedOperationException if the algorithm carries no time
	 */
	public Instant instantOf(Object value) {
		timeOrdered();
		return this.valueType.instantOf(this, value);
	}

	/**
	 * Reads a value of the attribute's Java type from its text: the ID itself for strings and
	 * typed IDs, the decimal number for longs, the canonical form for UUIDs.
	 * @param text the text
	 * @return the value
	 * @throws InvalidIdException if the text is not a valid value
	 */
	public Object fromText(String text) {
		return this.valueType.fromText(this, text);
	}

	/**
	 * Returns the algorithm as a time-ordered one. The other methods that need time call it first,
	 * so that an algorithm without time fails with this message, which names the attribute.
	 * @return the algorithm
	 * @throws UnsupportedOperationException naming the attribute and algorithm if it carries no time
	 */
	public TimeOrderedIdAlgorithm timeOrdered() {
		if (!(this.format.algorithm() instanceof TimeOrderedIdAlgorithm algorithm)) {
			throw new UnsupportedOperationException(this + " uses " + this.format.algorithm().name()
					+ ", whose IDs carry no time: they have no creation instant, no time range and no creation order; "
					+ "use a time-ordered algorithm such as uuidv7 for that");
		}
		return algorithm;
	}

	/**
	 * Checks a value the application assigned before persisting.
	 * @param value the assigned value
	 * @return the same value
	 * @throws InvalidIdException naming the attribute and what is wrong
	 */
	public Object checkAssigned(Object value) {
		try {
			this.valueType.validate(this, value);
			return value;
		}
		catch (InvalidIdException ex) {
			throw new InvalidIdException(String.valueOf(value), "assigned to " + this + ": " + ex.getReason());
		}
	}

	/**
	 * Says which attribute this is at the start of a message: {@code Entity 'Post', attribute 'id'}.
	 * @return the string
	 */
	public String describe() {
		return this.declaration.describe();
	}

	/** Returns {@code Entity.attribute}. */
	@Override
	public String toString() {
		return entityName() + "." + attribute();
	}

}
