package io.github.timesortedid.partitioning;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.github.timesortedid.config.PartitionInterval;

/**
 * The DDL that makes the tables of a partitioned entity as the starter makes them with
 * {@code ddl-auto}, for a migration (Flyway, Liquibase) to run instead: the statements Hibernate
 * writes for the entity's table and the tables partitioned with it (each with the clause that
 * partitions it and, on PostgreSQL, its default partition), their indexes, unique keys and
 * foreign keys, then the partitions the maintenance makes at startup, those of the current
 * interval and the {@code premake} next. Later partitions come from the maintenance, as for tables
 * that {@code ddl-auto} made.
 */
public final class PartitionDdl {

	private final PartitionDialect dialect;

	private final PartitionedTable table;

	private final List<String> mapped;

	PartitionDdl(PartitionDialect dialect, PartitionedTable table, List<String> mapped) {
		this.dialect = dialect;
		this.table = table;
		this.mapped = List.copyOf(mapped);
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
	 * their foreign keys, then the first partitions of each table, interval by interval.
	 * @param now the instant the first partitions start from, as the maintenance's clock would read it
	 * @return the statements, each without its terminating semicolon
	 */
	public List<String> statements(Instant now) {
		List<String> statements = new ArrayList<>(this.mapped);
		PartitionInterval interval = this.table.settings().interval();
		for (Instant start : this.table.wanted(now)) {
			for (PartitionedTable.Part part : this.table.parts()) {
				statements.add(this.dialect.createPartition(this.table, part, start, interval.next(start)));
			}
		}
		return statements;
	}

	/**
	 * Returns the statements as a script: a comment that says what it makes, then one statement a
	 * line, each ended by a semicolon, as {@code psql}, the {@code mariadb} client and Flyway read it.
	 * @param now the instant the first partitions start from
	 * @return the script
	 */
	public String script(Instant now) {
		String tables = this.table.parts().stream().map(PartitionedTable.Part::name).collect(Collectors.joining(", "));
		StringBuilder script = new StringBuilder("-- ").append(this.dialect.name()).append(": the tables of ")
			.append(this.table.entityName()).append(" (").append(tables).append("), partitioned by ")
			.append(this.table.settings().interval().name().toLowerCase(Locale.ROOT))
			.append(", and their partitions from ").append(this.table.settings().interval().start(now)).append('\n');
		statements(now).forEach(statement -> script.append(statement).append(";\n"));
		return script.toString();
	}

	@Override
	public String toString() {
		return "DDL of " + this.table;
	}

}
