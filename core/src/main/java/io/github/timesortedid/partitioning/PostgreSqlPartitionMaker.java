package io.github.timesortedid.partitioning;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.RetentionAction;
import io.github.timesortedid.partitioning.PostgreSqlForeignKeys.ForeignKey;

/**
 * Makes a partition of a PostgreSQL partitioned table and of its dependents. Usually one
 * {@code CREATE TABLE … PARTITION OF} per table. When the default partition holds rows of the new
 * range, which {@code PARTITION OF} refuses, the rows move in one transaction of their own, as
 * pg_partman's {@code partition_data_time} moves them: out of the default partition into a
 * temporary table, into the new partition through the parent. Readers see them where they were
 * until the commit, then where they are.
 * <p>
 * What the move costs is in proportion to what it moves. Like every making of a partition, it
 * takes its locks first and holds them for at most the lock timeout ({@link BoundedTransaction}),
 * so that no row of the range reaches the default partition behind it and no lock is upgraded
 * half-way; a move that would take longer is rolled back, its rows staying where queries find
 * them. PostgreSQL checks each row that leaves against every foreign key that references it, and a
 * row that one references cannot leave its partition, not even within a statement (the
 * constraint's triggers sit on each partition of the referenced table). So a foreign key whose
 * table has an index for it and no row that references a moving row stays as it is (each check is
 * a probe of that index); the others are dropped first and made again last: {@code NOT VALID},
 * then validated after the commit under a lock that lets writers through, where PostgreSQL allows
 * it (a referencing table that is partitioned itself: PostgreSQL 18 and later), else validated
 * within the move. The dependents' rows move without their foreign keys dropped: they leave first,
 * into partitions of their own, and come back last.
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

	/**
	 * Makes the partition of {@code [start, end)} in each table that lacks it; or, for an interval past
	 * the retention whose partition the retention detached already, moves the rows of the interval
	 * out of the default partitions into the detached tables.
	 */
	void make(Map<PartitionedTable.Part, List<Partition>> partitions, Instant start, Instant end, boolean retired)
			throws SQLException {
		List<PartitionedTable.Part> parts = new ArrayList<>();
		List<String> moving = new ArrayList<>();
		for (PartitionedTable.Part part : this.table.parts()) {
			if (partitions.get(part).stream().anyMatch(p -> p.overlaps(start, end))) {
				continue; // made by an earlier run that stopped half-way, or by hand
			}
			parts.add(part);
			String defaultName = partitions.get(part).stream().filter(Partition::isDefault).map(Partition::name)
				.findFirst().orElse(null);
			boolean rows = defaultName != null && Boolean.TRUE.equals(PartitionDialect.query(this.connection,
					"select exists (select 1 from " + this.sql.identifier(part, defaultName) + " where "
							+ this.sql.column(part) + " >= ? and " + this.sql.column(part) + " < ?)",
					this.table.bound(start), this.table.bound(end)).get(0));
			moving.add(rows ? defaultName : null);
		}
		if (parts.isEmpty()) {
			return;
		}
		if (retired && this.table.settings().retentionAction() == RetentionAction.DETACH) {
			List<String> detached = detached(parts, start);
			if (detached.get(0) != null) {
				rejoin(parts, moving, detached, start, end);
				return;
			}
		}
		List<String> attach = new ArrayList<>();
		List<String> taken = new ArrayList<>();
		for (PartitionedTable.Part part : parts) {
			String name = this.sql.identifier(part, PartitionDialect.partitionName(this.table, part, start));
			if (exists(name)) {
				taken.add(name);
				attach.add("ALTER TABLE " + this.sql.table(part) + " ATTACH PARTITION " + name + " FOR VALUES FROM ("
						+ this.table.literal(start) + ") TO (" + this.table.literal(end) + ");");
			}
		}
		if (!attach.isEmpty()) {
			// a detached partition keeps its name: made again, its interval's rows would be split in two
			throw new SQLException("The partition " + PartitionDialect.partitionName(this.table, parts.get(0), start) + " of "
					+ this.sql.table(parts.get(0)) + " cannot be made: a table of that name is there, not attached, most "
					+ "likely the partition a retention detached while the clock was ahead (the maintenance goes by the "
					+ "application's Clock). "
					+ (moving.stream().allMatch(name -> name == null)
							? "To put it back with its rows: " + String.join(" ", attach) + " Or rename it to keep it apart."
							// ATTACH refuses a range of which the default partition holds rows
							: "Rows of its interval wait in the default partition, which ATTACH refuses: rename "
									+ String.join(", ", taken) + " (ALTER TABLE … RENAME TO …); the next run makes the "
									+ "partition with those rows, and the renamed tables' rows can then be inserted back."),
					"42P07");
		}
		BoundedTransaction transaction = new BoundedTransaction(this.connection, this.ddl);
		Map<ForeignKey, Integer> referencing = referencing(parts);
		List<ForeignKey> dropped = new ArrayList<>();
		for (Map.Entry<ForeignKey, Integer> key : referencing.entrySet()) {
			String defaultName = moving.get(key.getValue());
			if (defaultName != null && (!key.getKey().indexed()
					|| references(key.getKey(), parts.get(key.getValue()), defaultName, start, end))) {
				dropped.add(key.getKey());
			}
		}
		Map<String, String> locks = new LinkedHashMap<>();
		referencing.keySet().forEach(key -> locks.merge(key.table(), dropped.contains(key) ? "access exclusive"
				: "share row exclusive", (one, other) -> one.startsWith("access") ? one : other));
		parts.forEach(part -> locks.put("only " + this.sql.table(part), "access exclusive"));
		List<Long> own = oids(parts);
		for (PartitionedTable.Part part : parts) {
			PostgreSqlForeignKeys.referenced(this.connection, this.sql.table(part)).forEach((oid, table) -> {
				if (!own.contains(oid)) {
					locks.putIfAbsent("only " + table, "share row exclusive");
				}
			});
		}
		if (moving.stream().allMatch(name -> name == null)) {
			transaction.run(locks, () -> {
				for (PartitionedTable.Part part : parts) {
					transaction.execute(this.sql.createPartition(this.table, part, start, end));
				}
			});
		}
		else {
			move(transaction, parts, moving, start, end, referencing, dropped, locks);
		}
	}

	/**
	 * The detached table of each part's interval, where the retention left it: beside the table, or
	 * in the archive schema; {@code null} for a part whose table is not there.
	 */
	private List<String> detached(List<PartitionedTable.Part> parts, Instant start) throws SQLException {
		String archive = this.table.settings().archiveSchema();
		List<String> detached = new ArrayList<>();
		for (PartitionedTable.Part part : parts) {
			String name = PartitionDialect.partitionName(this.table, part, start);
			String beside = this.sql.identifier(part, name);
			String archived = (archive != null) ? archive + "." + (part.quoted() ? this.sql.quote(name) : name) : null;
			detached.add(exists(beside) ? beside : (archived != null && exists(archived)) ? archived : null);
		}
		return detached;
	}

	private boolean exists(String table) throws SQLException {
		return Boolean.TRUE.equals(PartitionDialect.query(this.connection, "select to_regclass(?) is not null", table).get(0));
	}

	/**
	 * Moves the rows of a retired interval that arrived after its retirement (a back-fill) out of the
	 * default partitions into the interval's detached tables, as the retirement would have taken them
	 * with its partition: the dependents' rows first, which reference the entity's, in one transaction.
	 * The rows of an entity the detached table holds already are deleted, not copied: they are those
	 * of an import sent again, and the detached table keeps the rows the retention took.
	 */
	private void rejoin(List<PartitionedTable.Part> parts, List<String> moving, List<String> detached, Instant start,
			Instant end) throws SQLException {
		Map<String, String> locks = new LinkedHashMap<>();
		for (int i = 0; i < parts.size(); i++) {
			if (moving.get(i) != null) {
				if (detached.get(i) == null) {
					throw new SQLException("Rows of " + this.sql.table(parts.get(i)) + " in its default partition belong to "
							+ PartitionDialect.partitionName(this.table, parts.get(0), start) + ", which the retention "
							+ "detached, but " + PartitionDialect.partitionName(this.table, parts.get(i), start)
							+ " is not there to take them; make it (CREATE TABLE … (LIKE " + this.sql.table(parts.get(i))
							+ ")) or move the rows yourself.", "42P01");
				}
				locks.put("only " + this.sql.identifier(parts.get(i), moving.get(i)), "share row exclusive");
				locks.put(detached.get(i), "share row exclusive");
			}
		}
		if (locks.isEmpty()) {
			return;
		}
		long[] rows = { 0 };
		BoundedTransaction transaction = new BoundedTransaction(this.connection, this.ddl);
		transaction.run(locks, () -> {
			for (int i = parts.size() - 1; i >= 0; i--) {
				if (moving.get(i) != null) {
					PartitionedTable.Part part = parts.get(i);
					// a row whose entity the detached table holds already (an import sent again) is left out with
					// its dependents' rows: the detached table keeps what the retention took
					rows[0] += transaction.execute(moveOut(part, moving.get(i), start, end, detached.get(i),
							" where not exists (select 1 from " + detached.get(0) + " retired where retired."
									+ this.sql.column(parts.get(0)) + " = moved." + this.sql.column(part) + ")"));
				}
			}
		});
		this.ddl.moved(new PartitionMove(this.table.table(), detached.get(0), rows[0], List.of()));
	}

	private void move(BoundedTransaction transaction, List<PartitionedTable.Part> parts, List<String> moving,
			Instant start, Instant end, Map<ForeignKey, Integer> referencing, List<ForeignKey> dropped,
			Map<String, String> locks) throws SQLException {
		boolean notValid = dropped.stream().noneMatch(ForeignKey::partitioned) || Boolean.TRUE.equals(PartitionDialect
			.query(this.connection, "select current_setting('server_version_num')::int >= 180000").get(0));
		String main = this.sql.identifier(parts.get(0), PartitionDialect.partitionName(this.table, parts.get(0), start));
		String from = this.sql.identifier(parts.get(0), moving.stream().filter(name -> name != null).findFirst().orElseThrow());
		long[] rows = { 0 };
		try {
			transaction.run(locks, () -> {
				for (Map.Entry<ForeignKey, Integer> key : referencing.entrySet()) {
					String defaultName = moving.get(key.getValue());
					if (!dropped.contains(key.getKey()) && defaultName != null
							&& references(key.getKey(), parts.get(key.getValue()), defaultName, start, end)) {
						throw new SQLException("Rows of " + key.getKey().table() + " began to reference rows of " + main
								+ " during the move; it is tried again next run");
					}
				}
				for (ForeignKey key : dropped) {
					transaction.execute("alter table " + key.table() + " drop constraint " + key.name());
				}
				// the dependents' rows leave first, into partitions of their own at once, which PostgreSQL then
				// reads alone when it checks that no row of theirs references an entity's row that leaves
				for (int i = parts.size() - 1; i >= 0; i--) {
					if (moving.get(i) != null) {
						rows[0] += takeOut(transaction, parts.get(i), moving.get(i), i, start, end);
					}
					if (i > 0) {
						transaction.execute(this.sql.createPartition(this.table, parts.get(i), start, end));
					}
				}
				transaction.execute(this.sql.createPartition(this.table, parts.get(0), start, end));
				for (int i = 0; i < parts.size(); i++) {
					if (moving.get(i) != null) {
						String columns = columns(parts.get(i));
						transaction.execute("insert into " + this.sql.table(parts.get(i)) + " (" + columns
								+ ") overriding system value select " + columns + " from tsid_moving_" + i);
					}
				}
				for (ForeignKey key : dropped) {
					transaction.execute("alter table " + key.table() + " add constraint " + key.name() + " " + key.definition()
							+ (notValid ? " not valid" : ""));
				}
			});
		}
		catch (SQLException ex) {
			if (!BoundedTransaction.timedOut(ex)) {
				throw ex;
			}
			throw new SQLException("Moving the rows of " + main + " out of " + from + " would keep writes waiting longer "
					+ "than " + PropertyNames.PARTITION_MAINTENANCE_LOCK_TIMEOUT + " (" + this.ddl.lockTimeout().toMillis()
					+ "ms): rolled back, the rows stay in " + from + ", where queries find them. To move them, run the "
					+ "maintenance once with a longer lock timeout at a quiet time (the guide's Maintenance says how). "
					+ "PostgreSQL: " + ex.getMessage(), ex.getSQLState(), ex);
		}
		if (notValid) {
			for (ForeignKey key : dropped) {
				// SHARE UPDATE EXCLUSIVE on the referencing table: writes go on while it reads the rows
				this.ddl.execute(this.connection, "alter table " + key.table() + " validate constraint " + key.name());
			}
		}
		for (int i = 0; i < parts.size(); i++) {
			if (moving.get(i) != null) {
				// as autovacuum would after enough inserts: queries planned now know the rows moved in
				this.ddl.execute(this.connection, "analyze " + this.sql.identifier(parts.get(i),
						PartitionDialect.partitionName(this.table, parts.get(i), start)));
			}
		}
		this.ddl.moved(new PartitionMove(this.table.table(), PartitionDialect.partitionName(this.table,
				parts.get(0), start), rows[0], dropped.stream().map(ForeignKey::toString).toList()));
	}

	private List<Long> oids(List<PartitionedTable.Part> parts) throws SQLException {
		List<Long> oids = new ArrayList<>();
		for (PartitionedTable.Part part : parts) {
			oids.add(PostgreSqlForeignKeys.oid(this.connection, this.sql.table(part)));
		}
		return oids;
	}

	/**
	 * The foreign keys from other tables that reference the tables that get a partition, with the
	 * index of the part each references; those of these tables themselves are left out: a
	 * dependent's rows leave first and come back last.
	 */
	private Map<ForeignKey, Integer> referencing(List<PartitionedTable.Part> parts) throws SQLException {
		List<Long> own = oids(parts);
		Map<ForeignKey, Integer> keys = new LinkedHashMap<>();
		for (int i = 0; i < parts.size(); i++) {
			for (ForeignKey key : PostgreSqlForeignKeys.referencing(this.connection, this.sql.table(parts.get(i)),
					parts.get(i).column())) {
				if (!own.contains(key.tableId())) {
					keys.put(key, i);
				}
			}
		}
		return keys;
	}

	/** Whether rows of a foreign key's table reference rows of {@code [start, end)} in a default partition. */
	private boolean references(ForeignKey key, PartitionedTable.Part part, String defaultName, Instant start, Instant end)
			throws SQLException {
		return PostgreSqlForeignKeys.references(this.connection, key, this.sql.identifier(part, defaultName),
				this.sql.column(part), this.table.bound(start), this.table.bound(end));
	}

	/** Moves a part's rows of the range out of its default partition into a temporary table. */
	private long takeOut(BoundedTransaction transaction, PartitionedTable.Part part, String defaultName, int index,
			Instant start, Instant end) throws SQLException {
		String moving = "tsid_moving_" + index;
		transaction.execute("create temporary table " + moving + " (like " + this.sql.table(part) + ") on commit drop");
		return transaction.execute(moveOut(part, defaultName, start, end, moving, ""));
	}

	/**
	 * The statement that deletes a part's rows of the range from its default partition and inserts
	 * them into another table, those the condition on {@code moved} lets through.
	 */
	private String moveOut(PartitionedTable.Part part, String defaultName, Instant start, Instant end, String into,
			String condition) throws SQLException {
		String columns = columns(part);
		return "with moved as (delete from " + this.sql.identifier(part, defaultName) + " where " + this.sql.column(part)
				+ " >= " + this.table.literal(start) + " and " + this.sql.column(part) + " < " + this.table.literal(end)
				+ " returning " + columns + ") insert into " + into + " (" + columns + ") select " + columns + " from moved"
				+ condition;
	}

	/** The columns a row is copied by: every column but generated ones, which the database computes. */
	private String columns(PartitionedTable.Part part) throws SQLException {
		return (String) PartitionDialect.query(this.connection, "select string_agg(quote_ident(attname), ', ' "
				+ "order by attnum) from pg_attribute where attrelid = to_regclass(?) and attnum > 0 and not attisdropped "
				+ "and attgenerated = ''", this.sql.table(part)).get(0);
	}

}
