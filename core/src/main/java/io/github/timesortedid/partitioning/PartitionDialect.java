package io.github.timesortedid.partitioning;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.config.RetentionAction;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.IdField;
import org.jspecify.annotations.Nullable;

/**
 * What partitioned tables need from one database, the one place where it differs: the DDL that
 * declares a table partitioned, how the catalog lists partitions, how partitions are made, retired
 * and filled from the default partition, the lock that lets one instance at a time maintain them,
 * and the script that converts an existing table. PostgreSQL's declarative partitioning
 * (https://www.postgresql.org/docs/current/ddl-partitioning.html) and MariaDB's {@code RANGE
 * COLUMNS} partitioning (https://mariadb.com/kb/en/range-columns-and-list-columns-partitioning-types/).
 */
public abstract sealed class PartitionDialect permits PostgreSqlPartitions, MariaDbPartitions {

	private static final Logger logger = System.getLogger(PartitionMaintenance.class.getName());

	/** The state of a table in the catalog, for the startup check. */
	enum Status {

		/** No such table (yet). */
		MISSING,

		/** A table of one piece. */
		WHOLE,

		/** Partitioned, but not by ranges of the expected column. */
		OTHER,

		/** Partitioned by ranges of the expected column. */
		BY_RANGE

	}

	/**
	 * Returns the partitions of a database.
	 * @return the database's partitions, or {@code null} for H2, which has none (tables stay whole)
	 * @throws UnsupportedOperationException for any other database
	 * @param database the database
	 */
	public static @Nullable PartitionDialect of(DatabaseKind database) {
		return switch (database) {
			case POSTGRESQL -> new PostgreSqlPartitions();
			case MARIADB -> new MariaDbPartitions();
			case H2 -> null;
			default -> throw new UnsupportedOperationException(database.name());
		};
	}

	/** The name of the database in messages. */
	abstract String name();

	/**
	 * Tells whether a lookup by ID gains from the bounds of its interval written into its SQL
	 * (the Hibernate adapter's lookups): whether a prepared statement's {@code id = ?} alone would leave the
	 * server without a partition when it plans.
	 */
	abstract boolean prunesLookupsByLiterals();

	/**
	 * Why this database cannot partition an attribute's column, or {@code null} if it can.
	 * @param field the field
	 * @param family the family
	 * @return the string
	 */
	public @Nullable String refusal(IdField field, ColumnFamily family) {
		return null;
	}

	/**
	 * The column type a partition key of text IDs takes instead of the mapping's, or {@code null} to
	 * keep it.
	 * @return the string
	 */
	public @Nullable String textKeyType() {
		return null;
	}

	/**
	 * The column type a partition key of an ID column family takes instead of the mapping's, or
	 * {@code null} to keep it: {@link #textKeyType()} for text IDs, the mapping's type for others.
	 * @param family the column family of the IDs the key holds
	 * @return the type, without a collation, or {@code null}
	 */
	public @Nullable String keyType(ColumnFamily family) {
		return (family == ColumnFamily.TEXT) ? textKeyType() : null;
	}

	/**
	 * Whether foreign keys may reference or leave a partitioned table.
	 * @return the boolean
	 */
	public abstract boolean keepsForeignKeys();

	/**
	 * The clause after {@code CREATE TABLE (...)} that partitions a table by a column.
	 * @param part the part
	 * @return the string
	 */
	public abstract String tableOptions(PartitionedTable.Part part);

	/**
	 * What to run after {@code CREATE TABLE}, e.g. the default partition.
	 * @param part the part
	 * @return the list
	 */
	public abstract List<String> afterCreate(PartitionedTable.Part part);

	/** How the catalog sees a table. */
	abstract Status status(Connection connection, PartitionedTable.Part part) throws SQLException;

	/** The script that converts an existing table, with its rows, into a partitioned one. */
	abstract String migration(Connection connection, PartitionedTable table, List<PartitionedTable.Part> whole, Instant now)
			throws SQLException;

	/** Takes the maintenance lock of the database, if no other session holds it. */
	abstract boolean tryLock(Connection connection) throws SQLException;

	/** Releases the maintenance lock. */
	abstract void unlock(Connection connection) throws SQLException;

	/** Bounds how long a statement of this session waits for a lock; {@code null} restores the default. */
	abstract void lockTimeout(Connection connection, @Nullable Duration timeout) throws SQLException;

	/** Lists the partitions of one table of a partitioned table, ordered by their bounds where known. */
	abstract List<Partition> partitions(Connection connection, PartitionedTable table, PartitionedTable.Part part)
			throws SQLException;

	/** Makes sure each table has the partition that takes rows no other partition takes. */
	abstract void ensureDefault(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			Ddl ddl) throws SQLException;

	/**
	 * Returns the starts of the intervals that need a partition now: those of rows that landed in a
	 * default partition (PostgreSQL), then those {@code wanted} that no partition covers.
	 */
	abstract List<Instant> missing(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			List<Instant> wanted) throws SQLException;

	/**
	 * Makes the partition of {@code [start, end)} in each table, moving rows that belong to it out of
	 * the default partition.
	 * @param retired whether the interval is past the retention already: rows of an interval whose
	 * detached partition is there join it (PostgreSQL)
	 */
	abstract void create(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			Instant start, Instant end, boolean retired, Ddl ddl) throws SQLException;

	/**
	 * The statement that makes the partition of {@code [start, end)} of one table, which has none
	 * that overlaps it and no row of it in a default partition: the maintenance's usual statement,
	 * and a new table's first partitions in its DDL ({@link PartitionDdl}).
	 */
	abstract String createPartition(PartitionedTable table, PartitionedTable.Part part, Instant start, Instant end);

	/**
	 * Detaches or drops one partition of each table, the dependents' first; a detached one leaves no
	 * foreign key behind that would keep rows of a partitioned table, and goes to the archive schema
	 * if the settings name one.
	 */
	abstract void retire(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, Partition> retired,
			RetentionAction action, Ddl ddl) throws SQLException;

	/** Counts the rows of a default partition, reading at most {@code most} of them. */
	abstract long defaultRows(Connection connection, PartitionedTable.Part part, Partition defaultPartition, long most)
			throws SQLException;

	/**
	 * Orders tables so that a table whose rows reference another's retires first: with equal
	 * retentions, both intervals then leave in one run.
	 */
	List<PartitionedTable> retirementOrder(Connection connection, List<PartitionedTable> tables) throws SQLException {
		return tables;
	}

	/** The quoted identifier of a table or partition of a part. */
	abstract String quote(String identifier);

	/** A part's table as SQL: schema-qualified and quoted as the mapping says. */
	String table(PartitionedTable.Part part) {
		return identifier(part, part.name());
	}

	/** Another table beside a part's, such as one of its partitions, named like it. */
	String identifier(PartitionedTable.Part part, String name) {
		String local = part.quoted() ? quote(name) : name;
		return (part.schema() != null) ? (part.quoted() ? quote(part.schema()) : part.schema()) + "." + local : local;
	}

	String column(PartitionedTable.Part part) {
		return part.quoted() ? quote(part.column()) : part.column();
	}

	/** The name of the partition of an interval. */
	static String partitionName(PartitionedTable table, PartitionedTable.Part part, Instant start) {
		return part.name() + "_" + table.settings().interval().suffix(start);
	}

	/** Runs SQL and reads the first column of each row. */
	static List<Object> query(Connection connection, String sql, Object... parameters) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < parameters.length; i++) {
				statement.setObject(i + 1, parameters[i]);
			}
			List<Object> values = new ArrayList<>();
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					values.add(result.getObject(1));
				}
			}
			return values;
		}
	}

	/** Runs a statement that is no DDL, such as {@code SET}, without logging it. */
	static void execute(Connection connection, String sql) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	/**
	 * Runs DDL and DML of the maintenance, logging each statement before it is sent and keeping
	 * them and the moves of rows, so that a run can say what it did.
	 */
	static final class Ddl {

		private final Duration lockTimeout;

		private final List<String> statements = new ArrayList<>();

		private final List<PartitionMove> moves = new ArrayList<>();

		Ddl(Duration lockTimeout) {
			this.lockTimeout = lockTimeout;
		}

		/** The longest a statement waits for a lock, and a move of rows may keep writes waiting. */
		Duration lockTimeout() {
			return this.lockTimeout;
		}

		void execute(Connection connection, String sql) throws SQLException {
			update(connection, sql);
		}

		/** Runs a statement and returns the rows it changed. */
		long update(Connection connection, String sql) throws SQLException {
			logger.log(Level.INFO, "time-sorted-id partitions: " + sql);
			long rows;
			try (Statement statement = connection.createStatement()) {
				rows = statement.executeLargeUpdate(sql);
			}
			this.statements.add(sql);
			return rows;
		}

		void moved(PartitionMove move) {
			this.moves.add(move);
		}

		List<String> statements() {
			return List.copyOf(this.statements);
		}

		List<PartitionMove> moves() {
			return List.copyOf(this.moves);
		}

	}

}
