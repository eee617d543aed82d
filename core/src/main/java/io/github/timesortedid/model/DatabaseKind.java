package io.github.timesortedid.model;

import java.util.Locale;

/**
 * The databases whose columns and catalogs the library knows, as both integrations name them
 * (Hibernate by its dialect, Spring Data JDBC by the JDBC driver's product name): what differs
 * between them for ID columns lives here, once.
 */
public enum DatabaseKind {

	/** PostgreSQL. */
	POSTGRESQL,

	/** MariaDB. */
	MARIADB,

	/** MySQL. */
	MYSQL,

	/** H2. */
	H2,

	/** Any other database: columns are shaped and checked as the SQL standard has them. */
	OTHER;

	/**
	 * The database of a JDBC driver's product name ({@code DatabaseMetaData.getDatabaseProductName()}).
	 * @param productName e.g. {@code PostgreSQL}, {@code MariaDB}, {@code MySQL}, {@code H2}
	 * @return the database, {@link #OTHER} for one this library has no rules for
	 */
	public static DatabaseKind ofProductName(String productName) {
		String name = productName.toLowerCase(Locale.ROOT);
		if (name.contains("postgresql")) {
			return POSTGRESQL;
		}
		if (name.contains("mariadb")) {
			return MARIADB;
		}
		if (name.contains("mysql")) {
			return MYSQL;
		}
		return name.equals("h2") ? H2 : OTHER;
	}

	/**
	 * Tells whether the database is MySQL or MariaDB, which share their column types and catalog.
	 * @return true for MySQL and MariaDB
	 */
	public boolean isMySqlFamily() {
		return this == MYSQL || this == MARIADB;
	}

	/**
	 * Tells whether the database's {@code uuid} type takes any 128 bits. MariaDB's refuses values
	 * without the version and variant bits of RFC 9562; PostgreSQL's and H2's take any.
	 * @return false for MariaDB
	 */
	public boolean uuidTakesAnyBits() {
		return this != MARIADB;
	}

	/**
	 * The column type of a UUID: {@code uuid}, but MySQL, which has no such type, stores its 16 bytes.
	 * @return the type
	 */
	public String uuidColumn() {
		return (this == MYSQL) ? "binary(16)" : "uuid";
	}

	/**
	 * The column type of a fixed number of bytes: {@code bytea} on PostgreSQL, else {@code binary(N)}.
	 * @param length the number of bytes
	 * @return the type
	 */
	public String binaryColumn(int length) {
		return (this == POSTGRESQL) ? "bytea" : "binary(" + length + ")";
	}

	/**
	 * The clause that gives a text column a collation comparing byte by byte, as time-sorted IDs
	 * need: {@code COLLATE "C"} on PostgreSQL, {@code CHARACTER SET ascii COLLATE ascii_bin} on
	 * MySQL and MariaDB.
	 * @return the clause with a leading space, or empty where the database has none to give
	 */
	public String byteCollation() {
		return switch (this) {
			case POSTGRESQL -> " COLLATE \"C\"";
			case MYSQL, MARIADB -> " CHARACTER SET ascii COLLATE ascii_bin";
			default -> "";
		};
	}

	/**
	 * The DDL that gives a column another type, in the database's words.
	 * @param table the table
	 * @param column the column
	 * @param type the new type
	 * @return the statement
	 */
	public String alterColumnType(String table, String column, String type) {
		return switch (this) {
			case POSTGRESQL -> "ALTER TABLE " + table + " ALTER COLUMN " + column + " TYPE " + type;
			case MYSQL, MARIADB -> "ALTER TABLE " + table + " MODIFY " + column + " " + type;
			default -> "ALTER TABLE " + table + " ALTER COLUMN " + column + " " + type;
		};
	}

}
