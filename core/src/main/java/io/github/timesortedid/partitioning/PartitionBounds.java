package io.github.timesortedid.partitioning;

import java.time.Instant;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.model.IdField;

/**
 * The bound of a range partition of an attribute's column at an instant, as the column holds it.
 * Every ID made at an instant in {@code [start, end)} sorts in {@code [bound(start), bound(end))}
 * in the column's order, because the bound is the algorithm's lowest body of the instant (see
 * {@link TimeOrderedIdAlgorithm#boundBody}) and, for text, the same prefix leads every ID; binary
 * bodies keep the order of their text ({@link io.github.timesortedid.id.BinaryBody}), a
 * {@code snowflake} long the order of its time, a UUID its bytes' order.
 */
public final class PartitionBounds {

	private PartitionBounds() {
	}

	/**
	 * See {@link IdField#partitionBound(Instant)}.
	 * @param field the field
	 * @param instant the instant
	 * @return the object
	 */
	public static Object of(IdField field, Instant instant) {
		TimeOrderedIdAlgorithm algorithm = check(field);
		if (!instant.truncatedTo(algorithm.precision()).equals(instant)) {
			throw new IllegalArgumentException(field + " IDs carry their time in whole "
					+ algorithm.precision().toString().toLowerCase(java.util.Locale.ROOT) + " (" + algorithm.name()
					+ "), so no bound can part IDs made before " + instant + " from those made at or after it within the "
					+ "same unit; use an instant on a whole unit, such as " + instant.truncatedTo(algorithm.precision()));
		}
		if (!field.valueType().isText()) {
			// a Long or a UUID is its own column value; the lowest of the instant is the bound
			return field.lowest(instant);
		}
		return textColumn(field, field.format().bound(instant));
	}

	/** The value a text attribute's column holds for the text of an ID or a bound: the text, or its body's bytes. */
	static Object textColumn(IdField field, String text) {
		BinaryIdFormat binary = field.binary();
		return (binary != null) ? binary.toBytes(text) : text;
	}

	/**
	 * Returns the attribute's algorithm if its IDs can be cut into ranges of time: they carry their
	 * time, and a later time sorts higher.
	 * @throws UnsupportedOperationException saying why not
	 * @param field the field
	 * @return the time ordered id algorithm
	 */
	public static TimeOrderedIdAlgorithm check(IdField field) {
		TimeOrderedIdAlgorithm algorithm = field.timeOrdered();
		if (algorithm.isDescending()) {
			throw new UnsupportedOperationException(field + " uses " + algorithm.name() + " with "
					+ PropertyNames.KUUID_REVERSE + "=true, whose IDs sort newest first: the IDs of a later time sort "
					+ "below those of an earlier one, so a range of IDs from the bound of one instant up to the bound of a "
					+ "later one holds no ID, and a table cannot be cut into ranges of time by such IDs; set "
					+ PropertyNames.KUUID_REVERSE + "=false or choose another time-ordered algorithm to partition by ID");
		}
		return algorithm;
	}

}
