package io.github.timesortedid.schema;

import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.ConnectionSource;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.StartupRetry;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.schema.CatalogColumns.Collation;
import io.github.timesortedid.schema.CatalogColumns.Found;
import org.jspecify.annotations.Nullable;

/**
 * Checks the ID columns of an existing schema, and the foreign key columns that reference them, once
 * the session factory is up: a column of the wrong kind (a text ID in a numeric column, a snowflake
 * in a 32-bit integer), a text column too short for the longest ID, or, for algorithms whose bodies
 * are case-sensitive, a collation that folds case or does not sort by bytes, stops startup with the
 * table, column, what was found, what is needed and the DDL that fixes it; every problem at once.
 */
public final class SchemaCheck {

	private static final Set<Integer> TEXT = Set.of(Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR,
			Types.NVARCHAR, Types.LONGNVARCHAR, Types.CLOB, Types.NCLOB);

	private static final Set<Integer> NUMERIC = Set.of(Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT,
			Types.NUMERIC, Types.DECIMAL, Types.REAL, Types.FLOAT, Types.DOUBLE);

	/** PostgreSQL collations that compare and sort by code point. */
	private static final Set<String> POSTGRESQL_BINARY = Set.of("c", "posix", "c.utf8", "c.utf-8", "ucs_basic", "pg_c_utf8");

	private SchemaCheck() {
	}

	/**
	 * One column that holds IDs of an attribute: the attribute's own, or a foreign key that
	 * references it; {@code role} names it in messages.
	 */
	public record Target(IdField field, String table, String column, String role) {

		/**
		 * A column of an attribute's own.
		 * @param field the attribute
		 * @param table the table
		 * @param column the column
		 */
		public Target(IdField field, String table, String column) {
			this(field, table, column, field.toString());
		}

	}

	/** What is wrong with one column, and the sentence that says how to fix it. */
	private record Problem(String description, String action) {
	}

	/**
	 * Checks every column that holds IDs against the database's catalog, reporting all problems at
	 * once; reads the columns of each table once, whatever the number of its ID columns.
	 * @param targets the columns
	 * @param access where to take a connection from
	 * @param database the database
	 * @param retry how the reads run, e.g. again after a transient failure
	 * @throws TimeSortedIdConfigurationException if a column cannot hold its IDs
	 * @throws io.github.timesortedid.model.StartupCheckException if the catalog cannot be read
	 */
	public static void check(List<Target> targets, ConnectionSource access, DatabaseKind database, StartupRetry retry) {
		check(targets, access, database, retry, null);
	}

	/**
	 * Checks every column as {@link #check(List, ConnectionSource, DatabaseKind, StartupRetry)} does,
	 * and reports a column, or its table, that is not there: for an integration that validates no
	 * schema of its own (Spring Data JDBC), where nothing else would say so before the first statement
	 * that needs it. Hibernate reports them itself ({@code ddl-auto=validate}), so JPA's check leaves them.
	 * @param targets the columns
	 * @param access where to take a connection from
	 * @param database the database
	 * @param retry how the reads run, e.g. again after a transient failure
	 * @param creates the sentence that says what makes a missing table, or {@code null} to leave
	 * missing tables and columns alone
	 * @throws TimeSortedIdConfigurationException if a column cannot hold its IDs or is not there
	 * @throws io.github.timesortedid.model.StartupCheckException if the catalog cannot be read
	 */
	public static void check(List<Target> targets, ConnectionSource access, DatabaseKind database, StartupRetry retry,
			@Nullable String creates) {
		if (targets.isEmpty()) {
			return;
		}
		List<Problem> problems = retry.read("The schema check of the @TimeSortedId columns", access, connection -> {
			CatalogColumns catalog = new CatalogColumns(connection, database);
			List<Problem> found = new ArrayList<>();
			// each missing table once, with every column it would hold, in an order of their own
			Map<String, SortedSet<String>> missingTables = new LinkedHashMap<>();
			for (Target target : targets) {
				Problem problem = check(target, catalog, database, creates);
				if (problem != null) {
					found.add(problem);
				}
				else if (creates != null && !catalog.hasTable(target.table())) {
					missingTables.computeIfAbsent(target.table(), (table) -> new TreeSet<>()).add(target.role());
				}
			}
			missingTables.forEach((table, roles) -> found.add(new Problem("Table '" + table + "' ("
					+ String.join(", ", roles) + ") does not exist.", "Create table '" + table + "' (" + creates + ")")));
			return found;
		});
		report(problems);
	}

	/** One problem as it always read; several at once, so that one restart shows them all. */
	private static void report(List<Problem> problems) {
		String skip = ", or set time-sorted-id.schema-check.enabled=false to skip this check.";
		if (problems.size() == 1) {
			throw new TimeSortedIdConfigurationException(problems.get(0).description(), problems.get(0).action() + skip);
		}
		if (!problems.isEmpty()) {
			StringBuilder description = new StringBuilder(problems.size() + " columns cannot hold the IDs they are given:");
			StringBuilder action = new StringBuilder("Fix each column:");
			for (Problem problem : problems) {
				description.append(System.lineSeparator()).append("- ").append(problem.description());
				action.append(System.lineSeparator()).append("- ").append(problem.action()).append('.');
			}
			throw new TimeSortedIdConfigurationException(description.toString(),
					action.append(System.lineSeparator()).append("Or set time-sorted-id.schema-check.enabled=false to skip this check.")
						.toString());
		}
	}

	private static @Nullable Problem check(Target target, CatalogColumns catalog, DatabaseKind database,
			@Nullable String creates) throws SQLException {
		Found found = catalog.find(target);
		if (found == null) {
			return (creates != null && catalog.hasTable(target.table())) ? missingColumn(target, creates) : null;
		}
		IdField field = target.field();
		BinaryIdFormat binary = field.binary();
		if (binary != null) {
			return checkBinary(field, binary, field.column(database), found, database);
		}
		return switch (field.valueType().column()) {
			case TEXT -> checkText(field, found, catalog, database);
			case BIGINT -> checkLong(field, found, database);
			case UUID, BINARY -> checkUuid(field, found, database);
		};
	}

	/** A column missing from a table that is there. */
	private static Problem missingColumn(Target target, String creates) {
		return new Problem("Table '" + target.table() + "' has no column '" + target.column() + "' (" + target.role() + ").",
				"Add the column to table '" + target.table() + "' (" + creates + ")");
	}

	private static @Nullable Problem checkText(IdField field, Found found, CatalogColumns catalog, DatabaseKind database)
			throws SQLException {
		int needed = field.format().length();
		boolean caseSensitive = field.format().algorithm().isCaseSensitive();
		if (!TEXT.contains(found.sqlType())) {
			return new Problem(found.where() + " is " + found.type() + ", " + family(found.sqlType())
					+ ", but its IDs are text of " + needed + " characters.",
					"Make it a text column, e.g. " + fix(database, found, needed));
		}
		if (found.size() < needed) {
			return new Problem(found.where() + " is " + found.type() + "(" + found.size() + "), which holds at most "
					+ found.size() + " characters, but its IDs need " + needed + ".",
					"Widen the column, e.g. " + fix(database, found, needed));
		}
		if (caseSensitive) {
			Collation collation = catalog.collation(found);
			if (collation != null && !isBinary(database, collation.name())) {
				return new Problem(found.where() + " has the collation '" + collation.name() + "'"
						+ (collation.ofTheDatabase() ? " (the database's default)" : "") + ", but " + field.format().algorithm()
						+ " bodies are case-sensitive: they need a collation that compares and sorts bytes, or distinct IDs "
						+ "may compare equal and ORDER BY id is not creation order.",
						"Change the column's collation, e.g. " + fix(database, found, found.size()));
			}
		}
		return null;
	}

	private static @Nullable Problem checkLong(IdField field, Found found, DatabaseKind database) {
		int sqlType = found.sqlType();
		boolean wideDecimal = (sqlType == Types.NUMERIC || sqlType == Types.DECIMAL) && found.size() >= 19;
		if (sqlType == Types.BIGINT || wideDecimal) {
			return null;
		}
		Integer bits = switch (sqlType) {
			case Types.INTEGER -> 32;
			case Types.SMALLINT -> 16;
			case Types.TINYINT -> 8;
			default -> null;
		};
		String holds = (bits != null) ? "which holds " + bits + " bits" : family(sqlType);
		return new Problem(found.where() + " is " + found.type() + ", " + holds + ", but its "
				+ field.format().algorithm().name() + " IDs need 64 (bigint).",
				"Make it a bigint, e.g. " + alter(database, found, columnType(field, database)));
	}

	private static @Nullable Problem checkUuid(IdField field, Found found, DatabaseKind database) {
		boolean fits = found.type().toLowerCase(Locale.ROOT).contains("uuid")
				|| ((found.sqlType() == Types.BINARY || found.sqlType() == Types.VARBINARY) && found.size() >= 16)
				|| (TEXT.contains(found.sqlType()) && found.size() >= 36);
		if (fits) {
			return null;
		}
		return new Problem(found.where() + " is " + found.type() + ", which cannot hold a UUID.",
				"Make it a uuid column, e.g. " + alter(database, found, columnType(field, database)));
	}

	/**
	 * A text attribute stored as binary needs its bytes' column: a text column here is a table that
	 * still holds the prefixed text, which only a migration converts.
	 */
	private static @Nullable Problem checkBinary(IdField field, BinaryIdFormat binary, ColumnFamily family, Found found,
			DatabaseKind database) {
		boolean isUuid = found.type().toLowerCase(Locale.ROOT).contains("uuid");
		boolean isBinary = found.sqlType() == Types.BINARY || found.sqlType() == Types.VARBINARY
				|| found.sqlType() == Types.LONGVARBINARY;
		if ((isBinary && found.size() >= binary.length()) || (isUuid && family == ColumnFamily.UUID)) {
			return null;
		}
		String type = columnType(field, database);
		String stored = binary.format().algorithm().name() + " IDs are stored as binary, " + binary.length() + " bytes.";
		if (isUuid) {
			// 16 bytes with no room for these IDs: the column cannot have held any, so there is nothing to convert
			return new Problem(found.where() + " is " + found.type() + ", a uuid column of 16 bytes, but its " + stored,
					"Make it " + type + " (a new column: a uuid column holds none of these IDs, so no data needs converting)");
		}
		return new Problem(found.where() + " is " + found.type() + ", " + family(found.sqlType()) + ", but its " + stored,
				"Convert the column and the foreign keys that reference it to " + type + " with the migration SQL of the "
						+ "reference guide (page 'Storage and migrations', section 'Migrating between text and binary storage'), or store the attribute as text ("
						+ PropertyNames.ENTITIES + field.entityName() + ".storage=text, which wins over the annotation and "
						+ PropertyNames.STORAGE + ")");
	}

	private static String family(int sqlType) {
		if (NUMERIC.contains(sqlType)) {
			return "a numeric column";
		}
		if (TEXT.contains(sqlType)) {
			return "a text column";
		}
		if (sqlType == Types.BINARY || sqlType == Types.VARBINARY || sqlType == Types.LONGVARBINARY) {
			return "a binary column";
		}
		return "a column of another kind";
	}

	private static boolean isBinary(DatabaseKind database, String collation) {
		String name = collation.toLowerCase(Locale.ROOT);
		if (database == DatabaseKind.POSTGRESQL) {
			return POSTGRESQL_BINARY.contains(name);
		}
		return name.endsWith("_bin") || name.equals("binary");
	}

	/**
	 * Returns the type of a column that holds an attribute's IDs as this check wants it, for DDL that
	 * makes the column: text of the longest ID's length with the byte collation, {@code bigint},
	 * {@code uuid}, or the bytes of a binary ID ({@code uuid}, {@code bytea}, {@code binary(N)}).
	 * @param field the attribute whose IDs the column holds (its own, or a reference to it)
	 * @param database the database
	 * @return the type with its collation, e.g. {@code varchar(31) COLLATE "C"}
	 */
	public static String columnType(IdField field, DatabaseKind database) {
		BinaryIdFormat binary = field.binary();
		if (binary != null) {
			return (field.column(database) == ColumnFamily.UUID) ? database.uuidColumn()
					: database.binaryColumn(binary.length());
		}
		return switch (field.valueType().column()) {
			case TEXT -> text(database, field.format().length());
			case BIGINT -> "bigint";
			case UUID, BINARY -> database.uuidColumn();
		};
	}

	/**
	 * The DDL of a text ID column as the library writes it, with the byte collation whatever the
	 * algorithm: changing a column's type without a collation gives it the database's default
	 * (PostgreSQL's {@code ALTER COLUMN … TYPE}, MySQL's and MariaDB's {@code MODIFY}), so a fix
	 * of the length alone would undo a {@code COLLATE "C"} the column had.
	 */
	private static String fix(DatabaseKind database, Found found, int length) {
		return alter(database, found, text(database, length));
	}

	private static String text(DatabaseKind database, int length) {
		return "varchar(" + length + ")" + database.byteCollation();
	}

	/** The DDL that gives a column a new type, in the database's words. */
	private static String alter(DatabaseKind database, Found found, String type) {
		return database.alterColumnType(found.table(), found.column(), type);
	}

}
