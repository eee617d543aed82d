package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * The foreign keys that reference PostgreSQL partitioned tables, read from {@code pg_constraint}:
 * one constraint each, not the copies PostgreSQL keeps on each partition of either table
 * (https://www.postgresql.org/docs/current/catalog-pg-constraint.html). A partition detached from
 * a table that references a partitioned one keeps its foreign key, and with it the referenced
 * rows: a partition of theirs can then no longer be detached or dropped ("removing partition …
 * violates foreign key constraint"), so the retention of the referenced table stops for good.
 */
final class PostgreSqlForeignKeys {

	/**
	 * The foreign keys that reference a table: a constraint each, with the column that holds the
	 * referenced table's partition key, whether an index of the referencing table starts with one of
	 * its columns, and whether its table is a detached partition of a partitioned table (named
	 * {@code <table>_p<digits>} beside a partitioned {@code <table>}, as the maintenance names
	 * partitions).
	 */
	private static final String REFERENCING = "select c.conrelid::bigint, c.conrelid::regclass::text, quote_ident(c.conname), "
			+ "pg_get_constraintdef(c.oid), t.relkind = 'p', (select quote_ident(a.attname) from unnest(c.conkey, c.confkey) "
			+ "k(con, conf) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.con join pg_attribute f "
			+ "on f.attrelid = c.confrelid and f.attnum = k.conf where f.attname = ?), exists (select 1 from pg_index i "
			+ "where i.indrelid = c.conrelid and i.indkey[0] = any (c.conkey)), t.relkind = 'r' and not t.relispartition "
			+ "and exists (select 1 from pg_class p where p.relnamespace = t.relnamespace and p.relkind = 'p' "
			+ "and left(t.relname, length(p.relname) + 2) = p.relname || '_p' "
			+ "and substr(t.relname, length(p.relname) + 3) ~ '^[0-9]+$') "
			+ "from pg_constraint c join pg_class t on t.oid = c.conrelid where c.contype = 'f' and c.conparentid = 0 "
			+ "and c.confrelid = to_regclass(?) order by 2, 3";

	private PostgreSqlForeignKeys() {
	}

	/**
	 * A foreign key that references a partitioned table.
	 *
	 * @param tableId the referencing table's OID
	 * @param table the referencing table, as SQL
	 * @param name the constraint's name, as SQL
	 * @param definition the constraint as {@code pg_get_constraintdef} writes it
	 * @param partitioned whether the referencing table is partitioned itself
	 * @param column the referencing column that holds the referenced table's partition key, as SQL
	 * @param indexed whether an index of the referencing table starts with a column of the key, so
	 * that PostgreSQL checks a referenced row that leaves by a probe of it rather than a scan of the table
	 * @param detached whether the referencing table is a detached partition
	 */
	record ForeignKey(long tableId, String table, String name, String definition, boolean partitioned,
			@Nullable String column, boolean indexed, boolean detached) {

		@Override
		public String toString() {
			return this.table + "." + this.name;
		}

	}

	/** The foreign keys that reference a table whose partition key is {@code column}. */
	static List<ForeignKey> referencing(Connection connection, String table, String column) throws SQLException {
		List<ForeignKey> keys = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement(REFERENCING)) {
			statement.setString(1, column);
			statement.setString(2, table);
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					keys.add(new ForeignKey(result.getLong(1), result.getString(2), result.getString(3), result.getString(4),
							result.getBoolean(5), result.getString(6), result.getBoolean(7), result.getBoolean(8)));
				}
			}
		}
		return keys;
	}

	/**
	 * Tells whether rows of a foreign key's table reference rows of {@code table} whose key column
	 * lies in {@code [lower, upper)}: a read of both that blocks no writer, by an index of the
	 * referencing table if it has one. The rows are matched by equality, as the constraint matches
	 * them, whatever the collation of the referencing column.
	 */
	static boolean references(Connection connection, ForeignKey key, String table, String column, Object lower,
			Object upper) throws SQLException {
		if (key.column() == null) {
			return true; // no column of the key: assume it does
		}
		return Boolean.TRUE.equals(PartitionDialect.query(connection, "select exists (select 1 from " + key.table()
				+ " r where r." + key.column() + " in (select s." + column + " from " + table + " s where s." + column
				+ " >= ? and s." + column + " < ?))", lower, upper).get(0));
	}

	/**
	 * Drops the foreign keys of a detached partition that reference partitioned tables or their
	 * partitions: the rows it keeps are the application's now, and must not keep theirs.
	 */
	static void dropFromDetached(Connection connection, String detached, BoundedTransaction transaction) throws SQLException {
		for (Object name : PartitionDialect.query(connection, "select quote_ident(c.conname) from pg_constraint c "
				+ "join pg_class r on r.oid = c.confrelid where c.contype = 'f' and c.conparentid = 0 "
				+ "and c.conrelid = to_regclass(?) and (r.relkind = 'p' or r.relispartition) order by 1", detached)) {
			transaction.execute("alter table " + detached + " drop constraint " + name);
		}
	}

	/**
	 * Orders partitioned tables so that each comes before the tables its rows reference, else as
	 * given; tables that reference one another keep the order given.
	 */
	static List<PartitionedTable> referencingFirst(Connection connection, List<PartitionedTable> tables,
			Function<PartitionedTable.Part, String> sql) throws SQLException {
		Map<PartitionedTable, List<Long>> own = new LinkedHashMap<>();
		Map<PartitionedTable, List<Long>> referenced = new LinkedHashMap<>();
		for (PartitionedTable table : tables) {
			List<Long> oids = new ArrayList<>();
			List<Long> references = new ArrayList<>();
			for (PartitionedTable.Part part : table.parts()) {
				Long oid = oid(connection, sql.apply(part));
				if (oid != null) { // null for a table that does not exist yet, which the maintenance reports
					oids.add(oid);
					references.addAll(referenced(connection, sql.apply(part)).keySet());
				}
			}
			own.put(table, oids);
			referenced.put(table, references);
		}
		List<PartitionedTable> ordered = new ArrayList<>();
		List<PartitionedTable> left = new ArrayList<>(tables);
		while (!left.isEmpty()) {
			PartitionedTable next = left.stream()
				.filter(table -> left.stream()
					.noneMatch(other -> other != table && !Collections.disjoint(referenced.get(other), own.get(table))))
				.findFirst()
				.orElse(left.get(0));
			ordered.add(next);
			left.remove(next);
		}
		return ordered;
	}

	/** The tables a table's foreign keys reference, as SQL by their OIDs. */
	static Map<Long, String> referenced(Connection connection, String table) throws SQLException {
		Map<Long, String> referenced = new LinkedHashMap<>();
		try (PreparedStatement statement = connection.prepareStatement("select distinct confrelid::bigint, "
				+ "confrelid::regclass::text from pg_constraint where contype = 'f' and conparentid = 0 "
				+ "and conrelid = to_regclass(?) order by 2")) {
			statement.setString(1, table);
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					referenced.put(result.getLong(1), result.getString(2));
				}
			}
		}
		return referenced;
	}

	/** The OID of a table, or {@code null} if it does not exist. */
	static @Nullable Long oid(Connection connection, String table) throws SQLException {
		Number oid = (Number) PartitionDialect.query(connection, "select to_regclass(?)::oid::bigint", table).get(0);
		return (oid != null) ? oid.longValue() : null;
	}

}
