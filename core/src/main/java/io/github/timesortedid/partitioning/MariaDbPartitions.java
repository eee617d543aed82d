package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.RetentionAction;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.IdField;
import org.jspecify.annotations.Nullable;

/**
 * MariaDB's {@code PARTITION BY RANGE COLUMNS(id)}: each partition holds the IDs below its bound
 * and above the previous one's, the last one ({@code pmax}) everything up to {@code MAXVALUE}, so
 * rows never lack a partition and a new partition is split off the last one
 * ({@code REORGANIZE PARTITION}), which moves the rows that belong to it. InnoDB refuses foreign
 * keys on partitioned tables, either way
 * (https://mariadb.com/kb/en/partitioning-limitations/): the mapping leaves them out.
 */
final class MariaDbPartitions extends PartitionDialect {

	/** The partition of every ID above the last bound. */
	static final String LAST = "pmax";

	private static final String LOCK = "concat('time-sorted-id.partitions.', database())";

	/**
	 * The most intervals beyond those wanted that one run makes for rows in the last partition, so
	 * that a run always ends, as PostgreSQL's takes at most so many out of its default partition.
	 */
	private static final int MAX_INTERVALS_FOR_ROWS = PostgreSqlPartitions.MAX_DEFAULT_INTERVALS;

	@Override
	String name() {
		return "MariaDB";
	}

	@Override
	boolean prunesLookupsByLiterals() {
		// MariaDB Connector/J sends the values in the statement (useServerPrepStmts=false), so each
		// lookup is pruned by its own ID already
		return false;
	}

	@Override
	public @Nullable String refusal(IdField field, ColumnFamily family) {
		if (family == ColumnFamily.TEXT || family == ColumnFamily.BIGINT) {
			return null;
		}
		return field + " is stored as binary, and MariaDB's catalog (information_schema.PARTITIONS) prints the bounds of "
				+ "binary columns as raw bytes, which cannot be read back reliably; store the attribute as text ("
				+ PropertyNames.ENTITIES + field.entityName() + ".storage=text) to partition its table on MariaDB";
	}

	@Override
	public boolean keepsForeignKeys() {
		return false;
	}

	@Override
	public String tableOptions(PartitionedTable.Part part) {
		return "partition by range columns(" + column(part) + ") (partition " + LAST + " values less than (maxvalue))";
	}

	@Override
	public List<String> afterCreate(PartitionedTable.Part part) {
		return List.of();
	}

	@Override
	String quote(String identifier) {
		return "`" + identifier.replace("`", "``") + "`";
	}

	@Override
	Status status(Connection connection, PartitionedTable.Part part) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement("select partition_method, partition_expression "
				+ "from information_schema.partitions where table_schema = coalesce(?, database()) and table_name = ? limit 1")) {
			statement.setString(1, part.schema());
			statement.setString(2, part.name());
			try (ResultSet result = statement.executeQuery()) {
				if (!result.next()) {
					return Status.MISSING;
				}
				String method = result.getString(1);
				if (method == null) {
					return Status.WHOLE;
				}
				String expression = String.valueOf(result.getString(2)).replace("`", "");
				return (method.equalsIgnoreCase("RANGE COLUMNS") && expression.equalsIgnoreCase(part.column()))
						? Status.BY_RANGE : Status.OTHER;
			}
		}
	}

	@Override
	boolean tryLock(Connection connection) throws SQLException {
		Object locked = query(connection, "select get_lock(" + LOCK + ", 0)").get(0);
		return locked instanceof Number number && number.intValue() == 1;
	}

	@Override
	void unlock(Connection connection) throws SQLException {
		query(connection, "select release_lock(" + LOCK + ")");
	}

	@Override
	void lockTimeout(Connection connection, @Nullable Duration timeout) throws SQLException {
		execute(connection, "set session lock_wait_timeout = "
				+ ((timeout != null) ? Long.toString(Math.max(1, (timeout.toMillis() + 999) / 1000)) : "default"));
	}

	@Override
	List<Partition> partitions(Connection connection, PartitionedTable table, PartitionedTable.Part part)
			throws SQLException {
		List<Partition> partitions = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement("select partition_name, partition_description, "
				+ "table_rows from information_schema.partitions where table_schema = coalesce(?, database()) "
				+ "and table_name = ? and partition_name is not null order by partition_ordinal_position")) {
			statement.setString(1, part.schema());
			statement.setString(2, part.name());
			try (ResultSet result = statement.executeQuery()) {
				Instant from = null;
				while (result.next()) {
					String description = result.getString(2);
					boolean last = "MAXVALUE".equalsIgnoreCase(description);
					Instant to = last ? null : table.instantOf(unquote(description));
					long rows = result.getLong(3);
					partitions.add(new Partition(result.getString(1), "VALUES LESS THAN (" + description + ")", from, to,
							last, result.wasNull() ? null : rows));
					from = to;
				}
			}
		}
		return partitions;
	}

	private static String unquote(String literal) {
		String value = literal.trim();
		return (value.startsWith("'") && value.endsWith("'"))
				? value.substring(1, value.length() - 1).replace("''", "'").replace("\\'", "'") : value;
	}

	@Override
	void ensureDefault(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			Ddl ddl) throws SQLException {
		for (PartitionedTable.Part part : table.parts()) {
			if (partitions.get(part).stream().noneMatch(Partition::isDefault)) {
				ddl.execute(connection, "alter table " + table(part) + " add partition (partition " + LAST
						+ " values less than (maxvalue))");
			}
		}
	}

	/**
	 * The intervals from the highest bound on, up to the last one wanted or to that of the highest row
	 * in the last partition, whichever is later: partitions follow one another, so a row beyond the
	 * partitions made ahead (a clock ahead of this instance's, an import) leaves the last partition
	 * once every interval up to its own has a partition. Rows below the first partition stay in it:
	 * MariaDB's ranges have no lower bound.
	 */
	@Override
	List<Instant> missing(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			List<Instant> wanted) throws SQLException {
		PartitionedTable.Part main = table.parts().get(0);
		PartitionInterval interval = table.settings().interval();
		Instant highest = partitions.get(main).stream().map(Partition::to)
			.filter(java.util.Objects::nonNull).max(Instant::compareTo).orElse(null);
		Instant lastWanted = wanted.get(wanted.size() - 1);
		Instant highestRow = highestRowInLast(connection, table, partitions.get(main));
		Instant last = (highestRow != null && highestRow.isAfter(lastWanted)) ? interval.start(highestRow) : lastWanted;
		List<Instant> missing = new ArrayList<>();
		for (Instant start = (highest != null) ? highest : wanted.get(0); !start.isAfter(last); start = interval.next(start)) {
			if (start.isAfter(lastWanted) && missing.size() >= MAX_INTERVALS_FOR_ROWS) {
				break; // a row far ahead: the next runs go on, so that a run always ends
			}
			missing.add(start);
		}
		return missing;
	}

	/** The instant of the highest row in the last partition, if it is one of these IDs. */
	private @Nullable Instant highestRowInLast(Connection connection, PartitionedTable table, List<Partition> partitions)
			throws SQLException {
		Partition last = partitions.stream().filter(Partition::isDefault).findFirst().orElse(null);
		if (last == null) {
			return null;
		}
		PartitionedTable.Part main = table.parts().get(0);
		Object highest = query(connection, "select max(" + column(main) + ") from " + table(main) + " partition ("
				+ quote(last.name()) + ")").get(0);
		// a value that is not one of these IDs stays where it is
		return (highest != null) ? table.instantOf(highest) : null;
	}

	@Override
	void create(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, List<Partition>> partitions,
			Instant start, Instant end, boolean retired, Ddl ddl) throws SQLException {
		for (PartitionedTable.Part part : table.parts()) {
			Partition last = partitions.get(part).stream().filter(Partition::isDefault).findFirst().orElse(null);
			if (last == null || partitions.get(part).stream().anyMatch(p -> p.to() != null && p.to().isAfter(start))) {
				continue; // covered already, by an earlier run or by hand
			}
			// the rows of the new range leave the last partition in the same statement
			ddl.execute(connection, reorganize(table, part, last.name(), start, end));
		}
	}

	@Override
	String createPartition(PartitionedTable table, PartitionedTable.Part part, Instant start, Instant end) {
		return reorganize(table, part, LAST, start, end);
	}

	/** Splits the partition of {@code [start, end)} off the last one, {@code last}. */
	private String reorganize(PartitionedTable table, PartitionedTable.Part part, String last, Instant start, Instant end) {
		return "alter table " + table(part) + " reorganize partition " + quote(last) + " into (partition "
				+ table.settings().interval().suffix(start) + " values less than (" + table.literal(end) + "), partition "
				+ quote(last) + " values less than (maxvalue))";
	}

	@Override
	void retire(Connection connection, PartitionedTable table, Map<PartitionedTable.Part, Partition> retired,
			RetentionAction action, Ddl ddl) throws SQLException {
		List<PartitionedTable.Part> parts = new ArrayList<>(table.parts());
		Collections.reverse(parts);
		String archive = (action == RetentionAction.DETACH) ? table.settings().archiveSchema() : null;
		if (archive != null) {
			ddl.execute(connection, "create database if not exists " + archive);
		}
		for (PartitionedTable.Part part : parts) {
			Partition partition = retired.get(part);
			if (partition == null) {
				continue;
			}
			String detached = part.name() + "_" + partition.name();
			ddl.execute(connection, "alter table " + table(part) + ((action == RetentionAction.DROP)
					? " drop partition " + quote(partition.name())
					: " convert partition " + quote(partition.name()) + " to table "
							+ ((archive != null) ? archive + "." + (part.quoted() ? quote(detached) : detached)
									: identifier(part, detached))));
		}
	}

	@Override
	long defaultRows(Connection connection, PartitionedTable.Part part, Partition defaultPartition, long most)
			throws SQLException {
		return ((Number) query(connection, "select count(*) from (select 1 from " + table(part) + " partition ("
				+ quote(defaultPartition.name()) + ") limit " + most + ") r").get(0)).longValue();
	}

	@Override
	String migration(Connection connection, PartitionedTable table, List<PartitionedTable.Part> whole, Instant now)
			throws SQLException {
		return MariaDbMigration.script(this, connection, table, whole, now);
	}

}
