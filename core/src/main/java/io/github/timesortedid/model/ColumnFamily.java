package io.github.timesortedid.model;

import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.partitioning.PartitionedTable;

/**
 * The kinds of column that hold values: text, a 64-bit integer, a UUID, or a fixed number of
 * bytes, so that a storage form is a new constant rather than one more branch wherever columns are
 * typed, shaped or checked.
 */
public enum ColumnFamily {

	/** A {@code varchar}: prefix, separator and body. */
	TEXT,

	/** A 64-bit integer. */
	BIGINT,

	/** A {@code uuid}, or 16 bytes, or its 36-character text. */
	UUID,

	/** {@code binary(N)}, or {@code bytea} on PostgreSQL: a body's bytes. */
	BINARY;

	/**
	 * Compares two values of this kind of column in the order a PostgreSQL index keeps them: text
	 * byte by byte ({@code COLLATE "C"}, which partitioned text keys have; only ASCII is compared
	 * here), numbers by value, {@code uuid} and {@code bytea} as unsigned bytes.
	 * @param a a value as a partitioned table's column holds it
	 * @param b another
	 * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
	 * @throws IllegalArgumentException if text holds a character beyond ASCII, whose UTF-8 bytes
	 * and UTF-16 units may sort apart
	 */
	public int compare(Object a, Object b) {
		return switch (this) {
			case TEXT -> {
				String left = (String) a;
				String right = (String) b;
				if (!left.chars().allMatch(c -> c < 0x80) || !right.chars().allMatch(c -> c < 0x80)) {
					throw new IllegalArgumentException("not ASCII");
				}
				yield left.compareTo(right);
			}
			case BIGINT -> Long.compare((Long) a, (Long) b);
			case UUID -> {
				java.util.UUID left = (java.util.UUID) a;
				java.util.UUID right = (java.util.UUID) b;
				int high = Long.compareUnsigned(left.getMostSignificantBits(), right.getMostSignificantBits());
				yield (high != 0) ? high : Long.compareUnsigned(left.getLeastSignificantBits(), right.getLeastSignificantBits());
			}
			case BINARY -> java.util.Arrays.compareUnsigned((byte[]) a, (byte[]) b);
		};
	}

	/**
	 * The column of an attribute stored as its body's bytes: a database's {@code uuid} type for
	 * 128-bit bodies it accepts, else {@code binary(N)}.
	 * @param binary the binary
	 * @param database the database
	 * @return the column family
	 */
	public static ColumnFamily ofBinary(BinaryIdFormat binary, DatabaseKind database) {
		return (binary.fitsUuid() && uuidTypeAccepts(binary.format().algorithm(), database)) ? UUID : BINARY;
	}

	/**
	 * Tells whether a database's {@code uuid} type takes every value of an algorithm: any 128 bits
	 * ({@link DatabaseKind#uuidTakesAnyBits()}), or the version and variant bits of RFC 9562, which
	 * of the 128-bit algorithms only {@code uuidv7} sets.
	 * @param algorithm the algorithm
	 * @param database the database
	 * @return whether every ID of the algorithm fits the database's {@code uuid}
	 */
	public static boolean uuidTypeAccepts(IdAlgorithm algorithm, DatabaseKind database) {
		return database.uuidTakesAnyBits() || algorithm.name().equals(IdAlgorithms.UUIDV7);
	}

}
