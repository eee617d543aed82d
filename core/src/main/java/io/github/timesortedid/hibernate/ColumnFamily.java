package io.github.timesortedid.hibernate;

import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.type.SqlTypes;

/**
 * The kinds of column that hold values: text, a 64-bit integer, a UUID, or a fixed number of
 * bytes, so that a storage form is a new constant rather than one more branch wherever columns are
 * typed, shaped or checked.
 */
enum ColumnFamily {

	/** A {@code varchar}: prefix, separator and body. */
	TEXT(SqlTypes.VARCHAR),

	/** A 64-bit integer. */
	BIGINT(SqlTypes.BIGINT),

	/** A {@code uuid}, or 16 bytes, or its 36-character text. */
	UUID(SqlTypes.UUID),

	/** {@code binary(N)}, or {@code bytea} on PostgreSQL: a body's bytes. */
	BINARY(SqlTypes.BINARY);

	private final int sqlType;

	ColumnFamily(int sqlType) {
		this.sqlType = sqlType;
	}

	/**
	 * Compares two values of this kind of column in the order a PostgreSQL index keeps them: text
	 * byte by byte ({@code COLLATE "C"}, which partitioned text keys have; only ASCII is compared
	 * here), numbers by value, {@code uuid} and {@code bytea} as unsigned bytes.
	 * @param a a value as {@link PartitionedTable#columnValue(Object)} gives it
	 * @param b another
	 * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
	 * @throws IllegalArgumentException if text holds a character beyond ASCII, whose UTF-8 bytes
	 * and UTF-16 units may sort apart
	 */
	int compare(Object a, Object b) {
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

	/** The JDBC type code Hibernate maps to this kind of column on each database. */
	int sqlType() {
		return this.sqlType;
	}

	/**
	 * The column of an attribute stored as its body's bytes: a database's {@code uuid} type for
	 * 128-bit bodies it accepts, else {@code binary(N)}.
	 */
	static ColumnFamily ofBinary(BinaryIdFormat binary, Dialect dialect) {
		return (binary.fitsUuid() && uuidTypeAccepts(binary.format().algorithm(), dialect)) ? UUID : BINARY;
	}

	/**
	 * Tells whether a database's {@code uuid} type takes every value of an algorithm. MariaDB's
	 * refuses values without the version and variant bits of RFC 9562, which of the 128-bit
	 * algorithms only {@code uuidv7} sets; PostgreSQL's and H2's take any 128 bits.
	 */
	static boolean uuidTypeAccepts(IdAlgorithm algorithm, Dialect dialect) {
		return !(dialect instanceof MariaDBDialect) || algorithm.name().equals(IdAlgorithms.UUIDV7);
	}

}
