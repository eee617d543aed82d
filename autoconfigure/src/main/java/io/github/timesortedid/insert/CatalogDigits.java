package io.github.timesortedid.insert;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;
import java.util.OptionalInt;

import org.jspecify.annotations.Nullable;

/**
 * The digits after the point one column keeps, read from JDBC's {@link DatabaseMetaData#getColumns}
 * ({@code DECIMAL_DIGITS}): a decimal column's scale, a time or timestamp column's fractional-second
 * precision. Plain JDBC, for the inserters of JPA ({@link ColumnDigits}) and of Spring Data JDBC alike.
 */
final class CatalogDigits {

	private CatalogDigits() {
	}

	/**
	 * Looks a column up.
	 * @param table the table, possibly qualified by its schema, as the mapping writes it
	 * @param column the column, as the mapping writes it
	 * @return the digits, empty if the column keeps any number, {@code null} if the database could not say
	 */
	static @Nullable OptionalInt lookUp(String table, String column, Connection connection) {
		return lookUp(table, column, connection, false);
	}

	/**
	 * Looks a column up.
	 * @param table the table, possibly qualified by its schema, as the mapping writes it
	 * @param column the column, as the mapping writes it
	 * @param temporalSizes whether a time or timestamp column whose digits the driver does not report
	 * (MariaDB Connector/J) has them read from its display size, as JDBC defines {@code COLUMN_SIZE}
	 * for date-times: {@code 19} for {@code yyyy-mm-dd hh:mm:ss}, {@code 10} for MariaDB's {@code -hhh:mm:ss}, then
	 * the point and the digits
	 * @return the digits, empty if the column keeps any number, {@code null} if the database could not say
	 */
	static @Nullable OptionalInt lookUp(String table, String column, Connection connection, boolean temporalSizes) {
		try {
			DatabaseMetaData metaData = connection.getMetaData();
			@Nullable String schema = null;
			int dot = table.lastIndexOf('.');
			if (dot >= 0) {
				schema = stored(metaData, table.substring(0, dot));
				table = table.substring(dot + 1);
			}
			try (ResultSet columns = metaData.getColumns(connection.getCatalog(), schema, stored(metaData, table),
					stored(metaData, column))) {
				if (!columns.next()) {
					return null;
				}
				// PostgreSQL's numeric without a precision keeps every digit it is given; PgJDBC reports it
				// with precision 0 and no scale
				int type = columns.getInt("DATA_TYPE");
				if ((type == Types.NUMERIC || type == Types.DECIMAL) && columns.getInt("COLUMN_SIZE") == 0) {
					return OptionalInt.empty();
				}
				int digits = columns.getInt("DECIMAL_DIGITS");
				if (columns.wasNull()) {
					// MariaDB Connector/J does not say for times and timestamps
					return temporalSizes ? fromSize(type, columns.getInt("COLUMN_SIZE")) : null;
				}
				return OptionalInt.of(digits);
			}
		}
		catch (SQLException ex) {
			// say nothing and keep nothing: the next replay asks again
			return null;
		}
	}

	/** The fractional digits of a time or timestamp column of a display size; {@code null} for other types. */
	private static @Nullable OptionalInt fromSize(int type, int size) {
		int whole = switch (type) {
			case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> 19;
			// MariaDB's time is a duration, -838:59:59 to 838:59:59: its display size counts a sign and
			// three digits of hours (https://mariadb.com/kb/en/time/)
			case Types.TIME, Types.TIME_WITH_TIMEZONE -> 10;
			default -> -1;
		};
		return (whole < 0 || size < whole) ? null : OptionalInt.of(Math.max(0, size - whole - 1));
	}

	/** An identifier as the database's catalog spells it: quotes keep it, case folds as the database folds it. */
	private static String stored(DatabaseMetaData metaData, String identifier) throws SQLException {
		if (identifier.length() > 1 && "\"`[".indexOf(identifier.charAt(0)) >= 0) {
			return identifier.substring(1, identifier.length() - 1);
		}
		if (metaData.storesUpperCaseIdentifiers()) {
			return identifier.toUpperCase(Locale.ROOT);
		}
		return metaData.storesLowerCaseIdentifiers() ? identifier.toLowerCase(Locale.ROOT) : identifier;
	}

}
