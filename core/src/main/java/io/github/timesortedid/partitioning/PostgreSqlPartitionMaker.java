package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Makes a partition of a PostgreSQL partitioned table and of its dependents. Usually one
 * {@code CREATE TABLE … PARTITION OF} per table; when the default partition holds rows of the new
 * range, which {@code PARTITION OF} refuses, the rows move in one transaction: out of the default
 * partition into a temporary table, into the new partition through the parent. A row that a
 * foreign key references cannot leave its partition even for the time of a statement (the
 * constraint's copies on each partition check at once), so the foreign keys that reference the
 * tables are dropped first and made again last, which validates them before the commit.
 */
final class PostgreSqlPartitionMaker {

	private final PostgreSqlPartitions sql;

	private final Connection connection;

	private final PartitionedTable table;

	private final PartitionDialect.Ddl ddl;

	PostgreSqlPartitionMaker(PostgreSqlPartitions sql, Connection connection, PartitionedTable table,
			PartitionDialect.Ddl ddl) {
		this.sql = sql;
		this.connection = connection;
		this.table = table;
		this.ddl = ddl;
	}

	/** Makes the partition of {@code [start, end)} in each table that lacks it. */
	void make(Map<PartitionedTable.Part, List<Partition>> partitions, Instant start, Instant end) throws SQLException {
		List<PartitionedTable.Part> parts = new ArrayList<>();
		List<String> defaults = new ArrayList<>();
		boolean rowsToMove = false;
		for (PartitionedTable.Part part : this.table.parts()) {
			if (partitions.get(part).stream().anyMatch(p -> p.overlaps(start, end))) {
				continue; // made by an earlier run that stopped half-way, or by hand
			}
			parts.add(part);
			String defaultName = partitions.get(part).stream().filter(Partition::isDefault).map(Partition::name)
				.findFirst().orElse(null);
			defaults.add(defaultName);
			rowsToMove |= defaultName != null && Boolean.TRUE.equals(PartitionDialect.query(this.connection,
					"select exists (select 1 from " + this.sql.identifier(part, defaultName) + " where "
							+ this.sql.column(part) + " >= ? and " + this.sql.column(part) + " < ?)",
					this.table.bound(start), this.table.bound(end)).get(0));
		}
		if (parts.isEmpty()) {
			return;
		}
		boolean autoCommit = this.connection.getAutoCommit();
		this.connection.setAutoCommit(false);
		try {
			List<String[]> foreignKeys = rowsToMove ? referencing() : List.of();
			for (String[] foreignKey : foreignKeys) {
				this.ddl.execute(this.connection, "alter table " + foreignKey[0] + " drop constraint " + foreignKey[1]);
			}
			for (int i = 0; i < parts.size(); i++) {
				PartitionedTable.Part part = parts.get(i);
				String create = this.sql.createPartition(this.table, part, start, end);
				if (!rowsToMove || defaults.get(i) == null) {
					this.ddl.execute(this.connection, create);
					continue;
				}
				String columns = columns(part);
				String moving = "tsid_moving_" + i;
				this.ddl.execute(this.connection, "create temporary table " + moving + " (like " + this.sql.table(part) + ") on commit drop");
				this.ddl.execute(this.connection, "with moved as (delete from " + this.sql.identifier(part, defaults.get(i)) + " where "
						+ this.sql.column(part) + " >= " + this.table.literal(start) + " and " + this.sql.column(part) + " < " + this.table.literal(end)
						+ " returning " + columns + ") insert into " + moving + " (" + columns + ") select " + columns
						+ " from moved");
				this.ddl.execute(this.connection, create);
				this.ddl.execute(this.connection, "insert into " + this.sql.table(part) + " (" + columns + ") overriding system value select "
						+ columns + " from " + moving);
			}
			for (String[] foreignKey : foreignKeys) {
				this.ddl.execute(this.connection, "alter table " + foreignKey[0] + " add constraint " + foreignKey[1] + " " + foreignKey[2]);
			}
			this.connection.commit();
		}
		catch (SQLException | RuntimeException ex) {
			this.connection.rollback();
			throw ex;
		}
		finally {
			this.connection.setAutoCommit(autoCommit);
		}
	}

	/** The foreign keys that reference a table of the partitioned table: table, name, definition. */
	private List<String[]> referencing() throws SQLException {
		List<String[]> foreignKeys = new ArrayList<>();
		for (PartitionedTable.Part part : this.table.parts()) {
			try (PreparedStatement statement = this.connection.prepareStatement("select conrelid::regclass::text, "
					+ "quote_ident(conname), pg_get_constraintdef(oid) from pg_constraint where contype = 'f' "
					+ "and conparentid = 0 and confrelid = to_regclass(?) order by conrelid, conname")) {
				statement.setString(1, this.sql.table(part));
				try (ResultSet result = statement.executeQuery()) {
					while (result.next()) {
						foreignKeys.add(new String[] { result.getString(1), result.getString(2), result.getString(3) });
					}
				}
			}
		}
		return foreignKeys;
	}

	/** The columns a row is copied by: every column but generated ones, which the database computes. */
	private String columns(PartitionedTable.Part part) throws SQLException {
		return (String) PartitionDialect.query(this.connection, "select string_agg(quote_ident(attname), ', ' "
				+ "order by attnum) from pg_attribute where attrelid = to_regclass(?) and attnum > 0 and not attisdropped "
				+ "and attgenerated = ''", this.sql.table(part)).get(0);
	}

}
