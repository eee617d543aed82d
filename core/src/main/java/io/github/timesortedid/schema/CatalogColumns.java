package io.github.timesortedid.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.timesortedid.model.DatabaseKind;
import org.jspecify.annotations.Nullable;

/**
 * The catalog as one run of the schema check reads it: the columns of each table in one read, their
 * collations in one more, the database's default collation once; so that a check costs a few
 * statements per table, however many ID columns the table has.
 */
final class CatalogColumns {

	/**
	 * The default collation of the current PostgreSQL database: an ICU database's locale
	 * ({@code datlocale} from PostgreSQL 17, {@code daticulocale} in 15 and 16), whose
	 * {@code datcollate} names only the libc locale it keeps beside it; the builtin provider's
	 * locale (17 and later); else libc's {@code datcollate}. Read through {@code to_jsonb} so that
	 * columns a version lacks read as null.
	 */
	private static final String POSTGRESQL_DEFAULT_COLLATION = "SELECT CASE WHEN d ->> 'datlocprovider' IN ('i', 'b') "
			+ "THEN coalesce(d ->> 'datlocale', d ->> 'daticulocale') ELSE d ->> 'datcollate' END "
			+ "FROM (SELECT to_jsonb(pg_database) AS d FROM pg_database WHERE datname = current_database()) AS db";

	private final Connection connection;

	private final DatabaseMetaData metadata;

	private final DatabaseKind database;

	/** The columns of each table by the table's name as the mapping spells it; empty for a table not there. */
	private final Map<String, Map<String, Found>> tables = new HashMap<>();

	/** The collations of each table's columns, by the table's name as the database spells it. */
	private final Map<String, Map<String, String>> collations = new HashMap<>();

	private @Nullable String databaseCollation;

	private boolean databaseCollationRead;

	CatalogColumns(Connection connection, DatabaseKind database) throws SQLException {
		this.connection = connection;
		this.metadata = connection.getMetaData();
		this.database = database;
	}

	/** A column as the database describes it, under the spellings of its table's and its own name the database knows. */
	record Found(String table, String column, String type, int sqlType, int size, String where) {
	}

	/** A column's collation; {@code ofTheDatabase} if the column has none of its own and takes the database's default. */
	record Collation(String name, boolean ofTheDatabase) {
	}

	/** The column of a target, or null if its table or the column is not there (yet). */
	@Nullable Found find(SchemaCheck.Target target) throws SQLException {
		Map<String, Found> columns = columns(target.table());
		for (String spelling : spellings(target.column())) {
			Found found = columns.get(spelling);
			if (found != null) {
				return new Found(found.table(), found.column(), found.type(), found.sqlType(), found.size(),
						"Table '" + found.table() + "', column '" + found.column() + "' (" + target.role() + ")");
			}
		}
		return null;
	}

	/** Tells whether the database has a table, under any spelling of its name that {@link #find} tries. */
	boolean hasTable(String table) throws SQLException {
		return !columns(table).isEmpty();
	}

	private Map<String, Found> columns(String table) throws SQLException {
		Map<String, Found> columns = this.tables.get(table);
		if (columns == null) {
			columns = read(table);
			this.tables.put(table, columns);
		}
		return columns;
	}

	/**
	 * Every column of a table, read under the first spelling of its name that the database has:
	 * as mapped, in lower case (PostgreSQL's unquoted names), in upper case (H2's). The name is a
	 * pattern to the driver, where {@code _} matches any character, so rows of other tables are left out.
	 */
	private Map<String, Found> read(String table) throws SQLException {
		for (String spelling : spellings(table)) {
			Map<String, Found> columns = new LinkedHashMap<>();
			try (ResultSet rows = this.metadata.getColumns(this.connection.getCatalog(), null, spelling, null)) {
				while (rows.next()) {
					if (spelling.equals(rows.getString("TABLE_NAME"))) {
						String column = rows.getString("COLUMN_NAME");
						columns.putIfAbsent(column, new Found(spelling, column, rows.getString("TYPE_NAME"),
								rows.getInt("DATA_TYPE"), rows.getInt("COLUMN_SIZE"), ""));
					}
				}
			}
			if (!columns.isEmpty()) {
				return columns;
			}
		}
		return Map.of();
	}

	private static Set<String> spellings(String name) {
		return new LinkedHashSet<>(List.of(name, name.toLowerCase(Locale.ROOT), name.toUpperCase(Locale.ROOT)));
	}

	/** The collation of a found column, its own or the database's default; null where the database has none to say. */
	@Nullable Collation collation(Found found) throws SQLException {
		String schema = (this.database == DatabaseKind.POSTGRESQL) ? "current_schema()"
				: this.database.isMySqlFamily() ? "database()" : null;
		if (schema == null) {
			return null;
		}
		Map<String, String> columns = this.collations.get(found.table());
		if (columns == null) {
			columns = new HashMap<>();
			try (PreparedStatement statement = this.connection.prepareStatement("SELECT column_name, collation_name "
					+ "FROM information_schema.columns WHERE table_schema = " + schema + " AND table_name = ?")) {
				statement.setString(1, found.table());
				try (ResultSet rows = statement.executeQuery()) {
					while (rows.next()) {
						if (rows.getString(2) != null) {
							columns.put(rows.getString(1), rows.getString(2));
						}
					}
				}
			}
			this.collations.put(found.table(), columns);
		}
		String own = columns.get(found.column());
		if (own != null) {
			return new Collation(own, false);
		}
		String fallback = (this.database == DatabaseKind.POSTGRESQL) ? databaseCollation() : null;
		return (fallback != null) ? new Collation(fallback, true) : null;
	}

	private @Nullable String databaseCollation() throws SQLException {
		if (!this.databaseCollationRead) {
			try (PreparedStatement statement = this.connection.prepareStatement(POSTGRESQL_DEFAULT_COLLATION);
					ResultSet result = statement.executeQuery()) {
				this.databaseCollation = result.next() ? result.getString(1) : null;
			}
			this.databaseCollationRead = true;
		}
		return this.databaseCollation;
	}

}
