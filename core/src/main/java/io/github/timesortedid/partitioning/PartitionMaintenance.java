package io.github.timesortedid.partitioning;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.model.IdField;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the partitioned tables of a persistence unit in shape, one run at a time: makes the
 * default partition if it is missing, the partitions of rows that landed in it (moving them there)
 * and of the current and {@code premake} next intervals, then detaches or drops those past the
 * retention. Each run is idempotent: it reads the partitions from the catalog and makes only what
 * is missing. One session per database runs it at once, under a lock (a PostgreSQL advisory lock,
 * MariaDB's {@code GET_LOCK}); another instance that finds it taken skips its run. A failure on
 * one table is reported and the others are still maintained; inserts never wait for it longer than
 * the lock timeout, since rows without their partition go to the default one until a later run
 * moves them, and a move that would keep writes waiting longer is rolled back.
 */
public final class PartitionMaintenance {

	private static final Logger logger = System.getLogger(PartitionMaintenance.class.getName());

	/**
	 * The most rows counted in one default partition: counting reads rows, and a partition that holds
	 * this many needs attention whatever their number.
	 */
	public static final long DEFAULT_ROWS_COUNTED = 100_000;

	private final PartitionDialect dialect;

	private final List<PartitionedTable> tables;

	/**
	 * The statements the persistence provider writes for each table's tables, for {@link #ddl(String)};
	 * {@code null} when it writes none (Spring Data JDBC: the application writes its tables).
	 */
	private final @Nullable Map<PartitionedTable, List<String>> mapped;

	PartitionMaintenance(PartitionDialect dialect, List<PartitionedTable> tables,
			@Nullable Map<PartitionedTable, List<String>> mapped) {
		this.dialect = dialect;
		this.tables = List.copyOf(tables);
		this.mapped = (mapped != null) ? Map.copyOf(mapped) : null;
	}

	/**
	 * Returns the partitioned tables.
	 * @return one per partitioned entity
	 */
	public List<PartitionedTable> tables() {
		return this.tables;
	}

	/**
	 * Finds the partitioned table of an entity's {@code @Id} attribute.
	 * @param field the attribute
	 * @return its partitioned table, if the entity's table is partitioned
	 */
	public Optional<PartitionedTable> table(IdField field) {
		return this.tables.stream().filter(table -> table.field() == field).findFirst();
	}

	/**
	 * Returns the DDL that makes an entity's partitioned tables as {@code ddl-auto} does, for a
	 * migration to run instead; without a persistence provider's DDL (Spring Data JDBC), what the
	 * application's own {@code CREATE TABLE} statements need: their clauses, the default partitions
	 * and the first partitions.
	 * @param entityName the entity name, as {@code time-sorted-id.partitions} names it (any case)
	 * @return the DDL, or empty if the entity's table is not partitioned
	 */
	public Optional<PartitionDdl> ddl(String entityName) {
		return this.tables.stream()
			.filter(table -> table.entityName().equals(entityName)).findFirst()
			.or(() -> this.tables.stream().filter(table -> table.entityName().equalsIgnoreCase(entityName)).findFirst())
			.map(table -> new PartitionDdl(this.dialect, table,
					(this.mapped != null) ? this.mapped.getOrDefault(table, List.of()) : null));
	}

	/**
	 * Tells whether lookups by ID gain from their interval's bounds as literals in the statement
	 * ({@link PartitionedTable#intervalOf}); both adapters' lookups by ID add them where they do.
	 * @return the boolean
	 */
	public boolean prunesLookupsByLiterals() {
		return this.dialect.prunesLookupsByLiterals();
	}

	/**
	 * Returns the name of the database, e.g. {@code PostgreSQL}.
	 * @return the database
	 */
	public String database() {
		return this.dialect.name();
	}

	/**
	 * Runs the maintenance once, unless another session runs it now: first makes the partitions
	 * each table needs, moving rows out of its default partition, then retires those past retention,
	 * tables whose rows reference another's first, and last counts the rows left in each default
	 * partition.
	 * @param connection a connection in auto-commit mode, used for the whole run
	 * @param now the current time
	 * @param lockTimeout the longest a statement waits for a lock on a table, and the longest a move
	 * of rows out of a default partition may keep writes waiting
	 * @return what the run did
	 * @throws SQLException if the lock cannot be taken or released; failures on a table are in the result
	 */
	public Run run(Connection connection, Instant now, Duration lockTimeout) throws SQLException {
		if (!this.dialect.tryLock(connection)) {
			return new Run(false, List.of(), List.of(), List.of(), Map.of());
		}
		PartitionDialect.Ddl ddl = new PartitionDialect.Ddl(lockTimeout);
		Map<String, Failure> failures = new LinkedHashMap<>();
		Map<String, Long> defaultRows;
		try {
			this.dialect.lockTimeout(connection, lockTimeout);
			for (PartitionedTable table : this.tables) {
				attempt(table, failures, () -> make(connection, table, now, ddl));
			}
			// a table whose rows reference another's first: with equal retentions, both leave in this run
			for (PartitionedTable table : read(() -> this.dialect.retirementOrder(connection, this.tables), this.tables,
					"the foreign keys between the partitioned tables could not be read; they retire in the entities' order")) {
				attempt(table, failures, () -> retire(connection, table, now, ddl));
			}
			defaultRows = read(() -> defaultRows(connection), Map.of(), "the rows of the default partitions could not be counted");
		}
		finally {
			try {
				this.dialect.lockTimeout(connection, null);
			}
			finally {
				this.dialect.unlock(connection);
			}
		}
		return new Run(true, ddl.statements(), List.copyOf(failures.values()), ddl.moves(), defaultRows);
	}

	/** Reads what the run only reports or orders by: on a failure, logs it and goes on with {@code otherwise}. */
	private static <T> T read(Read<T> read, T otherwise, String failure) {
		try {
			return read.read();
		}
		catch (SQLException ex) {
			logger.log(Level.WARNING, "time-sorted-id partitions: " + failure, ex);
			return otherwise;
		}
	}

	/** Runs one step of a table's maintenance; a failure is kept, the first of a table with the later ones suppressed. */
	private static void attempt(PartitionedTable table, Map<String, Failure> failures, Step step) {
		try {
			step.run();
		}
		catch (SQLException | RuntimeException ex) {
			if (ex instanceof MissingTablesException) {
				// expected before the migration runs (the guide's start that prints the DDL): the names say it all
				logger.log(Level.WARNING, "time-sorted-id partitions: " + ex.getMessage());
			}
			else {
				logger.log(Level.WARNING, "time-sorted-id partitions: the maintenance of " + table + " failed; rows "
						+ "without a partition go to the default partition until a later run", ex);
			}
			Failure first = failures.putIfAbsent(table.table(), new Failure(table.table(), ex));
			if (first != null) {
				first.cause().addSuppressed(ex);
			}
		}
	}

	private void make(Connection connection, PartitionedTable table, Instant now, PartitionDialect.Ddl ddl)
			throws SQLException {
		List<String> missing = new ArrayList<>();
		for (PartitionedTable.Part part : table.parts()) {
			if (this.dialect.status(connection, part) == PartitionDialect.Status.MISSING) {
				missing.add(part.name());
			}
		}
		if (!missing.isEmpty()) {
			throw new MissingTablesException(missing);
		}
		Map<PartitionedTable.Part, List<Partition>> partitions = partitions(connection, table);
		this.dialect.ensureDefault(connection, table, partitions, ddl);
		partitions = partitions(connection, table);
		PartitionInterval interval = table.settings().interval();
		Exception failed = null;
		for (Instant start : this.dialect.missing(connection, table, partitions, table.wanted(now))) {
			Instant end = interval.next(start);
			try {
				this.dialect.create(connection, table, partitions, start, end, table.settings().isRetired(end, now), ddl);
			}
			catch (SQLException | RuntimeException ex) {
				// one interval that cannot be made keeps none after it from being made
				if (failed == null) {
					failed = ex;
				}
				else {
					failed.addSuppressed(ex);
				}
			}
			partitions = partitions(connection, table);
		}
		if (failed instanceof SQLException ex) {
			throw ex;
		}
		if (failed instanceof RuntimeException ex) {
			throw ex;
		}
	}

	private void retire(Connection connection, PartitionedTable table, Instant now, PartitionDialect.Ddl ddl)
			throws SQLException {
		PartitionSettings settings = table.settings();
		if (settings.retention() == null) {
			return;
		}
		Map<PartitionedTable.Part, List<Partition>> partitions = partitions(connection, table);
		PartitionedTable.Part main = table.parts().get(0);
		for (Partition partition : partitions.get(main)) {
			if (partition.isDefault() || partition.to() == null || !settings.isRetired(partition.to(), now)) {
				continue;
			}
			Map<PartitionedTable.Part, Partition> retired = new LinkedHashMap<>();
			retired.put(main, partition);
			for (PartitionedTable.Part dependent : table.parts().subList(1, table.parts().size())) {
				partitions.get(dependent).stream()
					.filter(p -> !p.isDefault() && Objects.equals(p.from(), partition.from()) && Objects.equals(p.to(), partition.to()))
					.findFirst()
					.ifPresent(p -> retired.put(dependent, p));
			}
			this.dialect.retire(connection, table, retired, settings.retentionAction(), ddl);
		}
	}

	private Map<PartitionedTable.Part, List<Partition>> partitions(Connection connection, PartitionedTable table)
			throws SQLException {
		Map<PartitionedTable.Part, List<Partition>> partitions = new LinkedHashMap<>();
		for (PartitionedTable.Part part : table.parts()) {
			partitions.put(part, this.dialect.partitions(connection, table, part));
		}
		return partitions;
	}

	/**
	 * Lists the partitions of a table, without its dependents', as the catalog has them now.
	 * @param connection a connection
	 * @param table one of {@link #tables()}
	 * @return its partitions, ordered by their bounds where known
	 * @throws SQLException if the catalog cannot be read
	 */
	public List<Partition> ownPartitions(Connection connection, PartitionedTable table) throws SQLException {
		return this.dialect.partitions(connection, table, table.parts().get(0));
	}

	/**
	 * Counts the rows in the default partition of each table (MariaDB: the last partition), as
	 * pg_partman's {@code check_default()} does, up to {@link #DEFAULT_ROWS_COUNTED} each, so that a
	 * count reads at most that many rows.
	 * @param connection a connection
	 * @return the rows by table name, the dependents' included; a table without a default partition has none
	 * @throws SQLException if a table cannot be read
	 */
	public Map<String, Long> defaultRows(Connection connection) throws SQLException {
		Map<String, Long> rows = new LinkedHashMap<>();
		for (PartitionedTable table : this.tables) {
			for (PartitionedTable.Part part : table.parts()) {
				Partition last = this.dialect.partitions(connection, table, part).stream().filter(Partition::isDefault)
					.findFirst().orElse(null);
				if (last != null) {
					rows.put(part.name(), this.dialect.defaultRows(connection, part, last, DEFAULT_ROWS_COUNTED));
				}
			}
		}
		return rows;
	}

	/**
	 * Lists the partitions of each table, the dependents' included, as the catalog has them now.
	 * @param connection a connection
	 * @return the partitions by table name, in the order of {@link #tables()} and their dependents
	 * @throws SQLException if the catalog cannot be read
	 */
	public Map<String, List<Partition>> partitions(Connection connection) throws SQLException {
		Map<String, List<Partition>> all = new LinkedHashMap<>();
		for (PartitionedTable table : this.tables) {
			partitions(connection, table).forEach((part, partitions) -> all.put(part.name(), partitions));
		}
		return all;
	}

	/**
	 * What one run did.
	 *
	 * @param ran whether it ran; {@code false} when another session held the lock
	 * @param statements the statements it sent, DDL and the moves of rows, in order
	 * @param failures the tables whose maintenance failed, and why
	 * @param moves the rows it moved out of default partitions, an interval of a table at a time
	 * @param defaultRows the rows left in the default partition of each table after the run, counted
	 * up to {@link #DEFAULT_ROWS_COUNTED}; empty for a run that did not run
	 */
	public record Run(boolean ran, List<String> statements, List<Failure> failures, List<PartitionMove> moves,
			Map<String, Long> defaultRows) {

		/**
		 * A run that could not start, e.g. without a connection.
		 * @param cause why
		 * @return the run, with one failure for the table {@code *}
		 */
		public static Run failed(Exception cause) {
			return new Run(true, List.of(), List.of(new Failure("*", cause)), List.of(), Map.of());
		}

		/**
		 * Tells whether every table was maintained.
		 * @return true if the run ran and nothing failed
		 */
		public boolean succeeded() {
			return this.ran && this.failures.isEmpty();
		}

	}

	/**
	 * The maintenance of one table failed.
	 *
	 * @param table the table
	 * @param cause why
	 */
	public record Failure(String table, Exception cause) {
	}

	/**
	 * Tables of a partitioned table that do not exist (yet): the application started before its
	 * migration made them; a later run makes their partitions.
	 */
	private static final class MissingTablesException extends SQLException {

		private static final long serialVersionUID = 1L;

		MissingTablesException(List<String> tables) {
			super((tables.size() == 1) ? "Table " + tables.get(0) + " does not exist: the maintenance makes its partitions "
					+ "once the application's migration has created it."
					: "Tables " + String.join(", ", tables) + " do not exist: the maintenance makes their partitions once "
							+ "the application's migration has created them.");
		}

	}

	/** One step of a table's maintenance. */
	@FunctionalInterface
	private interface Step {

		void run() throws SQLException;

	}

	/** A read of the catalog. */
	@FunctionalInterface
	private interface Read<T> {

		T read() throws SQLException;

	}

	/** Used by the startup check: the dialect of these tables. */
	PartitionDialect dialect() {
		return this.dialect;
	}

	@Override
	public String toString() {
		return "partition maintenance of " + this.tables;
	}

	/**
	 * Makes the maintenance of the partitioned tables of a database, whose tables the application
	 * writes until {@link #withDdl(Map)} gives the persistence provider's statements.
	 * @param dialect the database's partitions, or {@code null} for one without (H2)
	 * @param tables the partitioned tables
	 * @return the maintenance, or {@code null} if there is nothing to maintain
	 */
	public static @Nullable PartitionMaintenance of(@Nullable PartitionDialect dialect, List<PartitionedTable> tables) {
		return (dialect == null || tables.isEmpty()) ? null : new PartitionMaintenance(dialect, tables, null);
	}

	/**
	 * Makes one maintenance of the partitioned tables of several integrations on one database, such
	 * as JPA's entities and Spring Data JDBC's aggregates in an application with both: one run, under
	 * one lock, maintains them all.
	 * @param parts the maintenance of each integration
	 * @return their tables as one maintenance, or {@code null} if there is none
	 * @throws IllegalArgumentException if they maintain the tables of different databases
	 */
	public static @Nullable PartitionMaintenance of(List<PartitionMaintenance> parts) {
		if (parts.size() <= 1) {
			return parts.isEmpty() ? null : parts.get(0);
		}
		PartitionDialect dialect = parts.get(0).dialect;
		List<PartitionedTable> tables = new ArrayList<>();
		Map<PartitionedTable, List<String>> mapped = new LinkedHashMap<>();
		for (PartitionMaintenance part : parts) {
			if (!part.dialect.name().equals(dialect.name())) {
				throw new IllegalArgumentException("The partitioned tables are on " + dialect.name() + " and on "
						+ part.dialect.name() + "; one maintenance keeps the tables of one database");
			}
			tables.addAll(part.tables);
			if (part.mapped != null) {
				mapped.putAll(part.mapped);
			}
		}
		return new PartitionMaintenance(dialect, tables, parts.stream().anyMatch(part -> part.mapped != null) ? mapped : null);
	}

	/**
	 * Returns this maintenance with the statements the persistence provider writes for each
	 * partitioned table's tables, which {@link #ddl(String)} starts its DDL with.
	 * @param mapped the statements by partitioned table, as in {@link PartitionDdl#statements(Instant)}
	 * @return the maintenance of the same tables
	 */
	public PartitionMaintenance withDdl(Map<PartitionedTable, List<String>> mapped) {
		return new PartitionMaintenance(this.dialect, this.tables, mapped);
	}

}
