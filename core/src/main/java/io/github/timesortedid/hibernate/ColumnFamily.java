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
