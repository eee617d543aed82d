package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The script that makes an existing MariaDB table, with its rows, a partitioned one: the foreign
 * keys from and to the tables go (InnoDB refuses them on partitioned tables), the columns that hold
 * the key in other tables get the key's type and collation, then each table is partitioned in place
 * ({@code ALTER TABLE … PARTITION BY RANGE COLUMNS}, which copies it): a partition of every ID up to
 * the end of the interval of its newest row ({@code plegacy}), and the last one ({@code pmax}).
 */
final class MariaDbMigration {

	private MariaDbMigration() {
	}

	static String script(MariaDbPartitions sql, Connection connection, PartitionedTable table,
			List<PartitionedTable.Part> whole, Instant now) throws SQLException {
		PartitionedTable.Part main = table.parts().get(0);
		Object highest = PartitionDialect.query(connection, "select max(" + sql.column(main) + ") from " + sql.table(main)).get(0);
		Instant newest = (highest != null) ? table.instantOf(highest) : null;
		String bound = table.literal(table.settings().interval().next((newest != null && newest.isAfter(now)) ? newest : now));
		// InnoDB refuses foreign keys on partitioned tables, either way
		Set<String> script = new LinkedHashSet<>();
		for (PartitionedTable.Part part : table.parts()) {
			for (String[] foreignKey : foreignKeys(sql, connection, part)) {
				script.add("alter table " + foreignKey[0] + " drop foreign key " + foreignKey[1] + ";");
			}
		}
		script.addAll(retyped(sql, connection, table));
		for (PartitionedTable.Part part : whole) {
			script.add("alter table " + sql.table(part) + " partition by range columns(" + sql.column(part)
					+ ") (partition plegacy values less than (" + bound + "), partition " + MariaDbPartitions.LAST
					+ " values less than (maxvalue));");
		}
		return String.join("\n", script);
	}

	/**
	 * Gives each column that holds the key, a dependent's column or a column of a foreign key to the
	 * entity's table, the key's type, character set and collation where it has others: a range of a
	 * dependent's partitions compares as its column's collation does, and a join compares as both
	 * columns' do. {@code MODIFY} restates the column, so its nullability stays as it was.
	 */
	private static List<String> retyped(MariaDbPartitions sql, Connection connection, PartitionedTable table)
			throws SQLException {
		PartitionedTable.Part main = table.parts().get(0);
		String columns = "select table_name, column_name, column_type, character_set_name, collation_name, is_nullable "
				+ "from information_schema.columns c where table_schema = coalesce(?, database()) ";
		List<String[]> key = rows(connection, columns + "and table_name = ? and column_name = ?", main.schema(), main.name(),
				main.column());
		if (key.isEmpty() || key.get(0)[3] == null) {
			return List.of(); // not text, or not there: nothing to match
		}
		String[] id = key.get(0);
		List<String[]> holding = new ArrayList<>();
		for (PartitionedTable.Part part : table.parts().subList(1, table.parts().size())) {
			holding.addAll(rows(connection, columns + "and table_name = ? and column_name = ?", part.schema(), part.name(),
					part.column()));
		}
		holding.addAll(rows(connection, columns + "and exists (select 1 from information_schema.key_column_usage k "
				+ "where k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name "
				+ "and k.referenced_table_name = ? and k.referenced_column_name = ?)", main.schema(), main.name(), main.column()));
		List<String> statements = new ArrayList<>();
		for (String[] column : holding) {
			if (!(column[2].equalsIgnoreCase(id[2]) && id[3].equals(column[3]) && id[4].equals(column[4]))) {
				statements.add("alter table " + sql.quote(column[0]) + " modify " + sql.quote(column[1]) + " " + id[2]
						+ " character set " + id[3] + " collate " + id[4] + (column[5].equals("NO") ? " not null" : "") + ";");
			}
		}
		return statements;
	}

	private static List<String[]> rows(Connection connection, String sql, @Nullable String schema, String... values)
			throws SQLException {
		List<String[]> rows = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setString(1, schema);
			for (int i = 0; i < values.length; i++) {
				statement.setString(i + 2, values[i]);
			}
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					String[] row = new String[result.getMetaData().getColumnCount()];
					for (int i = 0; i < row.length; i++) {
						row[i] = result.getString(i + 1);
					}
					rows.add(row);
				}
			}
		}
		return rows;
	}

	/** The foreign keys of a table and those that reference it, which InnoDB refuses on a partitioned table. */
	private static List<String[]> foreignKeys(MariaDbPartitions sql, Connection connection, PartitionedTable.Part part)
			throws SQLException {
		List<String[]> foreignKeys = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement("select table_name, constraint_name "
				+ "from information_schema.referential_constraints where constraint_schema = coalesce(?, database()) "
				+ "and (table_name = ? or referenced_table_name = ?) order by table_name, constraint_name")) {
			statement.setString(1, part.schema());
			statement.setString(2, part.name());
			statement.setString(3, part.name());
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					foreignKeys.add(new String[] { sql.quote(result.getString(1)), sql.quote(result.getString(2)) });
				}
			}
		}
		return foreignKeys;
	}

}
