package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.config.RetentionAction;
import io.github.timesortedid.partitioning.PostgreSqlForeignKeys.ForeignKey;

/**
 * The retirement of one interval of a PostgreSQL partitioned table and its dependents: detached
 * (or dropped) in one {@link BoundedTransaction}, which takes its locks first in the order the
 * application's inserts take them, each attempt waiting less than PostgreSQL's
 * {@code deadlock_timeout}, and holds them at most the lock timeout; a detached partition keeps no
 * foreign key to a partitioned table, and goes to the archive schema if the settings name one.
 */
final class PostgreSqlRetirement {

	/** SQLSTATE foreign_key_violation. */
	private static final String FOREIGN_KEY_VIOLATION = "23503";

	private final PostgreSqlPartitions sql;

	private final Connection connection;

	private final PartitionedTable table;

	PostgreSqlRetirement(PostgreSqlPartitions sql, Connection connection, PartitionedTable table) {
		this.sql = sql;
		this.connection = connection;
		this.table = table;
	}

	/** Detaches or drops one partition of the table and of each dependent, the dependents' first, in one transaction. */
	void retire(Map<PartitionedTable.Part, Partition> retired, RetentionAction action, BoundedTransaction transaction)
			throws SQLException {
		String archive = this.table.settings().archiveSchema();
		List<PartitionedTable.Part> parts = new ArrayList<>(this.table.parts());
		Collections.reverse(parts);
		transaction.run(locks(retired), () -> {
			for (PartitionedTable.Part part : parts) {
				// partitions that an earlier version detached with their foreign keys, which keep these rows
				for (ForeignKey key : PostgreSqlForeignKeys.referencing(this.connection, this.sql.table(part), part.column())) {
					if (key.detached()) {
						transaction.execute("alter table " + key.table() + " drop constraint " + key.name());
					}
				}
			}
			if (archive != null) {
				transaction.execute("create schema if not exists " + archive);
			}
			for (PartitionedTable.Part part : parts) {
				Partition partition = retired.get(part);
				if (partition == null) {
					continue;
				}
				String name = this.sql.identifier(part, partition.name());
				detach(part, partition, transaction);
				PostgreSqlForeignKeys.dropFromDetached(this.connection, name, transaction);
				if (action == RetentionAction.DROP) {
					transaction.execute("drop table " + name);
				}
				else if (archive != null) {
					transaction.execute("alter table " + name + " set schema " + archive);
				}
			}
		});
	}

	/**
	 * The locks a retirement takes first, in the order the application's inserts take them: the
	 * tables the retiring ones reference (their foreign keys are dropped from the detached
	 * partitions), then each table and its retiring partition, the entity's before its dependents',
	 * then the tables that reference them; so that a transaction that writes an order and then its
	 * payment never waits for this one while it waits for that one.
	 */
	private Map<String, String> locks(Map<PartitionedTable.Part, Partition> retired) throws SQLException {
		Map<String, String> locks = new LinkedHashMap<>();
		List<String> own = new ArrayList<>();
		for (PartitionedTable.Part part : this.table.parts()) {
			own.add("only " + this.sql.table(part));
		}
		for (PartitionedTable.Part part : this.table.parts()) {
			for (String referenced : PostgreSqlForeignKeys.referenced(this.connection, this.sql.table(part)).values()) {
				if (!own.contains("only " + referenced)) {
					locks.putIfAbsent("only " + referenced, "share row exclusive");
				}
			}
		}
		for (PartitionedTable.Part part : this.table.parts()) {
			Partition partition = retired.get(part);
			if (partition != null) {
				locks.put("only " + this.sql.table(part), "access exclusive");
				locks.put("only " + this.sql.identifier(part, partition.name()), "access exclusive");
			}
		}
		for (PartitionedTable.Part part : this.table.parts()) {
			for (ForeignKey key : PostgreSqlForeignKeys.referencing(this.connection, this.sql.table(part), part.column())) {
				if (!own.contains("only " + key.table())) {
					locks.putIfAbsent("only " + key.table(), "share row exclusive");
				}
			}
		}
		return locks;
	}

	/**
	 * Detaches a partition; when rows of another table still reference its rows, says which table,
	 * since PostgreSQL's message names a constraint of one of its partitions.
	 */
	private void detach(PartitionedTable.Part part, Partition partition, BoundedTransaction transaction) throws SQLException {
		try {
			transaction.execute("alter table " + this.sql.table(part) + " detach partition "
					+ this.sql.identifier(part, partition.name()));
		}
		catch (SQLException ex) {
			if (!FOREIGN_KEY_VIOLATION.equals(ex.getSQLState()) || partition.from() == null || partition.to() == null) {
				throw ex;
			}
			this.connection.rollback(); // the catalog is read outside the failed transaction
			List<String> holders = new ArrayList<>();
			List<String> dependents = this.table.parts().stream().map(this.sql::table).toList();
			for (ForeignKey key : PostgreSqlForeignKeys.referencing(this.connection, this.sql.table(part), part.column())) {
				// the entity's dependent tables leave in the same transaction, before it: never the holders
				if (!dependents.contains(key.table()) && PostgreSqlForeignKeys.references(this.connection, key,
						this.sql.identifier(part, partition.name()), this.sql.column(part), this.table.bound(partition.from()),
						this.table.bound(partition.to()))) {
					holders.add("rows of " + key.table() + " reference its rows (foreign key " + key.name() + ")");
				}
			}
			if (holders.isEmpty()) {
				throw ex;
			}
			throw new SQLException("The partition " + partition.name() + " of " + this.table.entityName() + " stays: "
					+ String.join(", ", holders) + "; delete them, or give their entity a retention that retires them "
					+ "first. PostgreSQL: " + ex.getMessage(), ex.getSQLState(), ex);
		}
	}

}
