package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.config.RetentionAction;
import org.jspecify.annotations.Nullable;

/**
 * PostgreSQL's declarative partitioning: {@code PARTITION BY RANGE (id)}, a partition per interval
 * ({@code CREATE TABLE … PARTITION OF … FOR VALUES FROM … TO …}) and a {@code DEFAULT} partition for
 * rows no other partition takes. Foreign keys may reference a partitioned table (PostgreSQL 12+);
 * how rows move out of the default partition despite them is {@link PostgreSqlPartitionMaker}'s, and
 * a partition that leaves takes none of them along: a detached one keeps no foreign key to a
 * partitioned table ({@link PostgreSqlForeignKeys}).
 */
final class PostgreSqlPartitions extends PartitionDialect {

	/** The key of the advisory lock that one maintenance run holds: "tsidpart" in ASCII. */
	static final long LOCK_KEY = 0x7473_6964_7061_7274L;

	/** The most intervals of rows one run takes out of a default partition, so that a run always ends. */
	static final int MAX_DEFAULT_INTERVALS = 100;

	private static final Pattern RANGE = Pattern.compile("FOR VALUES FROM \\((.+)\\) TO \\((.+)\\)", Pattern.DOTALL);

	@Override
	String name() {
		return "PostgreSQL";
	}

	@Override
	boolean prunesLookupsByLiterals() {
		// a generic plan of "id = $1" holds every partition and prunes as the executor starts, after
		// locking them all; PostgreSQL prices it so, and plans each lookup anew instead (a custom plan)
		return true;
	}

	/**
	 * {@code text}, not {@code varchar(n)}: PostgreSQL compares a {@code varchar} column with
	 * {@code text} operators, so an {@code IN} list of the {@code varchar} parameters the JDBC driver
	 * sends becomes an array cast to {@code text[]}, which run-time partition pruning does not look
	 * into, and a generic plan of {@code findAllById} would scan every partition. Against a
	 * {@code text} column each parameter is cast on its own and the list prunes. The collation stays
	 * {@code "C"}; the IDs' length is the format's, checked in Java.
	 */
	@Override
	public String textKeyType() {
		return "text";
	}

	@Override
	public boolean keepsForeignKeys() {
		return true;
	}

	@Override
	public String tableOptions(PartitionedTable.Part part) {
		return "partition by range (" + column(part) + ")";
	}

	@Override
	public List<String> afterCreate(PartitionedTable.Part part) {
		return List.of(createDefault(part));
	}

	private String createDefault(PartitionedTable.Part part) {
		return "create table " + identifier(part, part.name() + "_default") + " partition of " + table(part) + " default";
	}

	@Override
	String quote(String identifier) {
		return "\"" + identifier.replace("\"", "\"\"") + "\"";
	}

	@Override
	Status status(Connection connection, PartitionedTable.Part part) throws SQLException {
		try (PreparedStatement statement = connection
			.prepareStatement("select to_regclass(?) is not null, pg_get_partkeydef(to_regclass(?))")) {
			statement.setString(1, table(part));
			statement.setString(2, table(part));
			try (ResultSet result = statement.executeQuery()) {
				result.next();
				String key = result.getString(2);
				if (!result.getBoolean(1)) {
					return Status.MISSING;
				}
				if (key == null) {
					return Status.WHOLE;
				}
				String expected = "range (" + part.column() + ")";
				return key.replace("\"", "").equalsIgnoreCase(expected) ? Status.BY_RANGE : Status.OTHER;
			}
		}
	}

	@Override
	boolean tryLock(Connection connection) throws SQLException {
		return Boolean.TRUE.equals(query(connection, "select pg_try_advisory_lock(?)", LOCK_KEY).get(0));
	}

	@Override
	void unlock(Connection connection) throws SQLException {
		query(connection, "select pg_advisory_unlock(?)", LOCK_KEY);
	}

	@Override
	void lockTimeout(Connection connection, @Nullable Duration timeout) throws SQLException {
		execute(connection, (timeout != null) ? "set lock_timeout = '" + timeout.toMillis() + "ms'" : "reset lock_timeout");
	}

	@Override
	List<Partition> partitions(Connection connection, PartitionedTable table, PartitionedTable.Part part)
			throws SQLException {
		List<Partition> partitions = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement("select c.relname, pg_get_expr(c.relpartbound, c.oid), "
				+ "c.reltuples from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(?)")) {
			statement.setString(1, table(part));
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					String bounds = result.getString(2);
					long rows = (long) result.getDouble(3);
					Matcher range = RANGE.matcher(bounds);
					boolean isDefault = bounds.equals("DEFAULT");
					partitions.add(new Partition(result.getString(1), bounds,
							range.matches() ? instant(table, range.group(1)) : null,
							range.matches() ? instant(table, range.group(2)) : null, isDefault, (rows < 0) ? null : rows));
				}
			}
		}
		partitions.sort(Comparator.comparing(Partition::isDefault)
			.thenComparing(Partition::from, Comparator.nullsFirst(Comparator.naturalOrder())));
		return partitions;
	}

	/** The instant of a bound as {@code pg_get_expr} prints it: {@code MINVALUE}, {@code 123}, {@code 'text'}. */
	private static @Nullable Instant instant(PartitionedTable table, String literal) {
		String value = literal.trim().replaceFirst("::[\\w ]+$", "");
		if (value.equals("MINVALUE") || value.equals("MAXVALUE")) {
			return null;
		}
		if (value.startsWith("'") && value.endsWith("'")) {
			value = value.substring(1, value.length() - 1).replace("''", "'");
		}
		return table.instantOf(value);
	}

	@Override
	void ensureDefault(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			Ddl ddl) throws SQLException {
		for (PartitionedTable.Part part : table.parts()) {
			if (partitions.get(part).stream().noneMatch(Partition::isDefault)) {
				ddl.execute(connection, createDefault(part));
			}
		}
	}

	@Override
	List<Instant> missing(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			List<Instant> wanted) throws SQLException {
		PartitionedTable.Part main = table.parts().get(0);
		PartitionInterval interval = table.settings().interval();
		List<Instant> missing = new ArrayList<>();
		Partition defaultPartition = partitions.get(main).stream().filter(Partition::isDefault).findFirst().orElse(null);
		if (defaultPartition != null) {
			// the intervals of rows in the default partition, lowest first, one index probe each (ordered,
			// since PostgreSQL has no min() of uuid)
			String column = column(main);
			String from = " from " + identifier(main, defaultPartition.name());
			List<Object> found = query(connection, "select " + column + from + " order by " + column + " limit 1");
			while (!found.isEmpty() && missing.size() < MAX_DEFAULT_INTERVALS) {
				Instant instant = table.instantOf(found.get(0));
				if (instant == null) {
					break; // a value that is not one of these IDs: it stays where it is
				}
				Instant start = interval.start(instant);
				missing.add(start);
				found = query(connection, "select " + column + from + " where " + column + " >= ? order by " + column
						+ " limit 1", table.bound(interval.next(start)));
			}
		}
		for (Instant start : wanted) {
			Instant end = interval.next(start);
			if (!missing.contains(start) && partitions.get(main).stream().noneMatch(p -> p.overlaps(start, end))) {
				missing.add(start);
			}
		}
		missing.sort(Comparator.naturalOrder());
		return missing;
	}

	@Override
	void create(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			Instant start, Instant end, boolean retired, Ddl ddl) throws SQLException {
		new PostgreSqlPartitionMaker(this, connection, table, ddl).make(partitions, start, end, retired);
	}

	@Override
	String createPartition(PartitionedTable table, PartitionedTable.Part part, Instant start, Instant end) {
		return "create table " + identifier(part, partitionName(table, part, start)) + " partition of " + table(part)
				+ " for values from (" + table.literal(start) + ") to (" + table.literal(end) + ")";
	}

	@Override
	void retire(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, Partition> retired,
			RetentionAction action, Ddl ddl) throws SQLException {
		new PostgreSqlRetirement(this, connection, table).retire(retired, action, new BoundedTransaction(connection, ddl));
	}

	@Override
	List<PartitionedTable> retirementOrder(Connection connection, List<PartitionedTable> tables) throws SQLException {
		return PostgreSqlForeignKeys.referencingFirst(connection, tables, this::table);
	}

	@Override
	long defaultRows(Connection connection, PartitionedTable.Part part, Partition defaultPartition, long most)
			throws SQLException {
		return ((Number) query(connection, "select count(*) from (select 1 from only "
				+ identifier(part, defaultPartition.name()) + " limit " + most + ") rows").get(0)).longValue();
	}

	@Override
	String migration(Connection connection, PartitionedTable table, List<PartitionedTable.Part> whole, Instant now)
			throws SQLException {
		return PostgreSqlMigration.script(this, connection, table, whole, now);
	}

}
