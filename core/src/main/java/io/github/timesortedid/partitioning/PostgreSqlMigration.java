package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.model.ColumnFamily;
import org.jspecify.annotations.Nullable;

/**
 * The script that makes an existing PostgreSQL table, with its rows, a partitioned one without
 * copying them: the old table becomes the partition of every ID up to the end of the interval of
 * its newest row ({@code ATTACH PARTITION … FOR VALUES FROM (MINVALUE) TO (…)}), the new parent
 * takes its name, and the foreign keys that followed the old table when it was renamed are made
 * again on the new one. Partitions of later intervals come from the maintenance; the old one is
 * retired like any other once its interval is past the retention.
 */
final class PostgreSqlMigration {

	private PostgreSqlMigration() {
	}

	static String script(PostgreSqlPartitions sql, Connection connection, PartitionedTable table,
			List<PartitionedTable.Part> whole, Instant now) throws SQLException {
		PartitionedTable.Part main = table.parts().get(0);
		Instant newest = now;
		List<Object> highest = PartitionDialect.query(connection, "select " + sql.column(main) + " from " + sql.table(main)
				+ " order by " + sql.column(main) + " desc limit 1");
		Instant highestInstant = highest.isEmpty() ? null : table.instantOf(highest.get(0));
		if (highestInstant != null && highestInstant.isAfter(newest)) {
			newest = highestInstant;
		}
		String bound = table.literal(table.settings().interval().next(newest));
		List<String> tables = new ArrayList<>();
		table.parts().forEach(part -> tables.add(sql.table(part)));
		StringBuilder script = new StringBuilder("begin;\n");
		List<String> outgoing = new ArrayList<>();
		List<String> incoming = new ArrayList<>();
		for (PartitionedTable.Part part : whole) {
			String legacy = sql.identifier(part, part.name() + "_legacy");
			for (String[] foreignKey : foreignKeys(connection, "conrelid", sql.table(part))) {
				outgoing.add("alter table " + legacy + " drop constraint " + foreignKey[1] + ";\n");
				outgoing.add("alter table " + sql.table(part) + " add constraint " + foreignKey[1] + " " + foreignKey[2] + ";\n");
			}
			for (String[] foreignKey : foreignKeys(connection, "confrelid", sql.table(part))) {
				if (!tables.contains(foreignKey[0])) {
					// a referencing column holds the key: its type and collation, as the key's own column gets them below
					String retype = (table.family() == ColumnFamily.TEXT && foreignKey[3] != null)
							? ", alter column " + foreignKey[3] + " type " + textKey(sql) : "";
					incoming.add("alter table " + foreignKey[0] + " drop constraint " + foreignKey[1] + retype
							+ ", add constraint " + foreignKey[1] + " " + foreignKey[2] + ";\n");
				}
			}
			String renamed = part.name() + "_legacy";
			script.append("alter table ").append(sql.table(part)).append(" rename to ")
				.append(part.quoted() ? sql.quote(renamed) : renamed)
				.append(";\n");
			if (table.family() == ColumnFamily.TEXT) {
				// a text key, as a new table's (see PostgreSqlPartitions.textKeyType); no rewrite from varchar
				script.append("alter table ").append(legacy).append(" alter column ").append(sql.column(part))
					.append(" type ").append(textKey(sql)).append(";\n");
			}
			script.append("create table ").append(sql.table(part)).append(" (like ").append(legacy)
				.append(" including all) partition by range (").append(sql.column(part)).append(");\n");
		}
		// the foreign keys of the old tables, now on the new ones, so that every partition has them
		outgoing.forEach(script::append);
		for (PartitionedTable.Part part : whole) {
			String legacy = sql.identifier(part, part.name() + "_legacy");
			script.append("alter table ").append(sql.table(part)).append(" attach partition ").append(legacy)
				.append(" for values from (minvalue) to (").append(bound).append(");\n");
			script.append(sql.afterCreate(part).get(0)).append(";\n");
		}
		// foreign keys that referenced the old tables follow them; they reference the new ones again
		incoming.forEach(script::append);
		return script.append("commit;").toString();
	}

	/** The type and collation of a partition key of text, as {@link PostgreSqlPartitions#textKeyType()} gives new tables. */
	private static String textKey(PostgreSqlPartitions sql) {
		return sql.textKeyType() + " collate \"C\"";
	}

	/**
	 * Foreign keys by which column of {@code pg_constraint} names the table: table, name, definition,
	 * and the referencing column of a foreign key of one column ({@code null} for several).
	 */
	private static List<String[]> foreignKeys(Connection connection, String side, @Nullable String table) throws SQLException {
		List<String[]> foreignKeys = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement("select conrelid::regclass::text, quote_ident(conname), "
				+ "pg_get_constraintdef(oid), (select quote_ident(attname) from pg_attribute where attrelid = conrelid "
				+ "and attnum = conkey[1] and cardinality(conkey) = 1) from pg_constraint where contype = 'f' "
				+ "and conparentid = 0 and " + side + " = to_regclass(?) order by conrelid::regclass::text, conname")) {
			statement.setString(1, table);
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					foreignKeys.add(new String[] { result.getString(1), result.getString(2), result.getString(3),
							result.getString(4) });
				}
			}
		}
		return foreignKeys;
	}

}
