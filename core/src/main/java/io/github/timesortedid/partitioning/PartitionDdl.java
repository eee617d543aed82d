package io.github.timesortedid.partitioning;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.timesortedid.config.PartitionInterval;
import org.jspecify.annotations.Nullable;

/**
 * The DDL that makes the tables of a partitioned entity as the starter makes them with
 * {@code ddl-auto}, for a migration (Flyway, Liquibase) to run instead: the statements Hibernate
 * writes for the entity's table and the tables partitioned with it (each with the clause that
 * partitions it and, on PostgreSQL, its default partition), their indexes, unique keys and
 * foreign keys, then the partitions the maintenance makes at startup, those of the current
 * interval and the {@code premake} next. Later partitions come from the maintenance, as for tables
 * that {@code ddl-auto} made. Without a persistence provider that writes DDL (Spring Data JDBC,
 * whose application writes its tables) the DDL holds what the application's {@code CREATE TABLE}
 * statements need from this library: the clause each ends with, as a comment, then the default
 * partitions and the first partitions.
 */
public final class PartitionDdl {

	private final PartitionDialect dialect;

	private final PartitionedTable table;

	/** The provider's statements of the tables; {@code null} when the application writes them. */
	private final @Nullable List<String> mapped;

	PartitionDdl(PartitionDialect dialect, PartitionedTable table, @Nullable List<String> mapped) {
		this.dialect = dialect;
		this.table = table;
		this.mapped = (mapped != null) ? List.copyOf(mapped) : null;
	}

	/**
	 * Returns the partitioned table the DDL makes.
	 * @return the entity's table and its dependents
	 */
	public PartitionedTable table() {
		return this.table;
	}

	/**
	 * Returns the statements, in the order they run: the tables, their indexes and unique keys,
	 * their foreign keys, then the first partitions of each table, interval by interval. When the
	 * application writes its tables, the default partitions (PostgreSQL) take the tables' place.
	 * @param now the instant the first partitions start from, as the maintenance's clock would read it
	 * @return the statements, each without its terminating semicolon
	 */
	public List<String> statements(Instant now) {
		List<String> statements = new ArrayList<>();
		if (this.mapped != null) {
			statements.addAll(this.mapped);
		}
		else {
			this.table.parts().forEach(part -> statements.addAll(this.dialect.afterCreate(part)));
		}
		PartitionInterval interval = this.table.settings().interval();
		for (Instant start : this.table.wanted(now)) {
			for (PartitionedTable.Part part : this.table.parts()) {
				statements.add(this.dialect.createPartition(this.table, part, start, interval.next(start)));
			}
		}
		return statements;
	}

	/**
	 * Returns the clause each table's {@code CREATE TABLE} ends with, which the statements hold when
	 * a persistence provider writes the tables, and the application writes otherwise.
	 * @return the clause by table name, the entity's table first
	 */
	public Map<String, String> clauses() {
		Map<String, String> clauses = new LinkedHashMap<>();
		this.table.parts().forEach(part -> clauses.put(part.name(), this.dialect.tableOptions(part)));
		return clauses;
	}

	/**
	 * Returns the statements as a script: a comment that says what it makes, then one statement a
	 * line, each ended by a semicolon, as {@code psql}, the {@code mariadb} client and Flyway read it.
	 * When the application writes its tables, comments first give the clause each of its
	 * {@code CREATE TABLE} statements ends with.
	 * @param now the instant the first partitions start from
	 * @return the script
	 */
	public String script(Instant now) {
		String tables = this.table.parts().stream().map(PartitionedTable.Part::name).collect(Collectors.joining(", "));
		StringBuilder script = new StringBuilder("-- ").append(this.dialect.name()).append(": the tables of ")
			.append(this.table.entityName()).append(" (").append(tables).append("), partitioned by ")
			.append(this.table.settings().interval().name().toLowerCase(Locale.ROOT))
			.append(", and their partitions from ").append(this.table.settings().interval().start(now)).append('\n');
		if (this.mapped == null) {
			script.append("-- the application creates the tables before this script, each CREATE TABLE ending with "
					+ "its clause (a primary key holds the clause's column):\n");
			clauses().forEach((name, clause) -> script.append("--   ").append(name).append(": ").append(clause).append('\n'));
		}
		statements(now).forEach(statement -> script.append(statement).append(";\n"));
		return script.toString();
	}

	@Override
	public String toString() {
		return "DDL of " + this.table;
	}

}
