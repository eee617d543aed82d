package io.github.timesortedid.hibernate;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.jdbc.connections.spi.JdbcConnectionAccess;

/**
 * Checks the ID columns of an existing schema, once the session factory is up: a text column too
 * short for the longest ID, or, for algorithms whose bodies are case-sensitive, a collation that
 * folds case or does not sort by bytes, stops startup with the table, column, what was found, what
 * is needed and the DDL that fixes it.
 */
final class SchemaCheck {

	/** PostgreSQL collations that compare and sort by code point. */
	private static final Set<String> POSTGRESQL_BINARY = Set.of("c", "posix", "c.utf8", "c.utf-8", "ucs_basic", "pg_c_utf8");

	private SchemaCheck() {
	}

	/** One ID column: where it is, and what its IDs need. */
	static final class Target {

		final IdField field;

		final String table;

		final String column;

		Target(IdField field, String table, String column) {
			this.field = field;
			this.table = table;
			this.column = column;
		}

	}

	static void check(List<Target> targets, JdbcConnectionAccess access, Dialect dialect) {
		if (targets.isEmpty()) {
			return;
		}
		Connection connection;
		try {
			connection = access.obtainConnection();
		}
		catch (SQLException ex) {
			return; // no database at startup: nothing to check against
		}
		try {
			for (Target target : targets) {
				check(target, connection, dialect);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not read the schema of the @TimeSortedId columns", ex);
		}
		finally {
			try {
				access.releaseConnection(connection);
			}
			catch (SQLException ex) {
				// the check is done; a failed release changes nothing
			}
		}
	}

	private static void check(Target target, Connection connection, Dialect dialect) throws SQLException {
		DatabaseMetaData metadata = connection.getMetaData();
		String table = target.table;
		String column = target.column;
		Integer size = null;
		String type = null;
		for (String[] names : List.of(new String[] { table, column },
				new String[] { table.toLowerCase(Locale.ROOT), column.toLowerCase(Locale.ROOT) },
				new String[] { table.toUpperCase(Locale.ROOT), column.toUpperCase(Locale.ROOT) })) {
			try (ResultSet columns = metadata.getColumns(connection.getCatalog(), null, names[0], names[1])) {
				if (columns.next()) {
					size = columns.getInt("COLUMN_SIZE");
					type = columns.getString("TYPE_NAME");
					table = names[0];
					column = names[1];
					break;
				}
			}
		}
		if (type == null) {
			return; // the table is not there (yet); Hibernate reports that itself when it is used
		}
		IdField field = target.field;
		int needed = field.format().length();
		String where = "Table '" + table + "', column '" + column + "' (" + field + ")";
		if (size < needed) {
			throw new TimeSortedIdConfigurationException(where + " is " + type + "(" + size + "), which holds at most " + size
					+ " characters, but its IDs need " + needed + ".",
					"Widen the column, e.g. " + fix(dialect, table, column, needed, field.format().algorithm().isCaseSensitive())
							+ ", or set time-sorted-id.schema-check.enabled=false to skip this check.");
		}
		if (field.format().algorithm().isCaseSensitive()) {
			String collation = collation(connection, dialect, table, column);
			if (collation != null && !isBinary(dialect, collation)) {
				throw new TimeSortedIdConfigurationException(where + " has the collation '" + collation + "', but "
						+ field.format().algorithm() + " bodies are case-sensitive: they need a collation that compares "
						+ "and sorts bytes, or distinct IDs may compare equal and ORDER BY id is not creation order.",
						"Change the column's collation, e.g. " + fix(dialect, table, column, size, true)
								+ ", or set time-sorted-id.schema-check.enabled=false to skip this check.");
			}
		}
	}

	private static boolean isBinary(Dialect dialect, String collation) {
		String name = collation.toLowerCase(Locale.ROOT);
		if (dialect instanceof PostgreSQLDialect) {
			return POSTGRESQL_BINARY.contains(name);
		}
		return name.endsWith("_bin") || name.equals("binary");
	}

	private static String collation(Connection connection, Dialect dialect, String table, String column)
			throws SQLException {
		if (dialect instanceof PostgreSQLDialect) {
			String explicit = query(connection, "SELECT collation_name FROM information_schema.columns "
					+ "WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?", table, column);
			return (explicit != null) ? explicit
					: query(connection, "SELECT datcollate FROM pg_database WHERE datname = current_database()");
		}
		if (dialect instanceof MySQLDialect) {
			return query(connection, "SELECT collation_name FROM information_schema.columns "
					+ "WHERE table_schema = database() AND table_name = ? AND column_name = ?", table, column);
		}
		return null;
	}

	private static String query(Connection connection, String sql, String... parameters) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < parameters.length; i++) {
				statement.setString(i + 1, parameters[i]);
			}
			try (ResultSet result = statement.executeQuery()) {
				return result.next() ? result.getString(1) : null;
			}
		}
	}

	private static String fix(Dialect dialect, String table, String column, int length, boolean binary) {
		if (dialect instanceof PostgreSQLDialect) {
			return "ALTER TABLE " + table + " ALTER COLUMN " + column + " TYPE varchar(" + length + ")"
					+ (binary ? " COLLATE \"C\"" : "");
		}
		if (dialect instanceof MySQLDialect) {
			return "ALTER TABLE " + table + " MODIFY " + column + " varchar(" + length + ")"
					+ (binary ? " CHARACTER SET ascii COLLATE ascii_bin" : "");
		}
		return "ALTER TABLE " + table + " ALTER COLUMN " + column + " varchar(" + length + ")";
	}

}
