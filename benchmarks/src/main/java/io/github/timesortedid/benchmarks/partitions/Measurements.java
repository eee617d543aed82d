package io.github.timesortedid.benchmarks.partitions;

import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

import javax.sql.DataSource;

import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import org.hibernate.Session;
import org.hibernate.SessionFactory;

/**
 * The steps of the partition benchmark and what each measured, the partitioned table and the whole
 * one taking turns in each.
 */
final class Measurements {

	private final SessionFactory sessions;

	private final SessionFactory weekSessions;

	private final DataSource database;

	private final Consumer<String> log;

	final List<Double> monthInsertRates = new ArrayList<>();

	final List<Double> wholeInsertRates = new ArrayList<>();

	final List<Long> monthFindNanos = new ArrayList<>();

	final List<Long> wholeFindNanos = new ArrayList<>();

	final List<Long> monthGenericFindNanos = new ArrayList<>();

	final List<Long> wholeGenericFindNanos = new ArrayList<>();

	final List<Long> weekFindNanos = new ArrayList<>();

	final List<Long> weekGenericFindNanos = new ArrayList<>();

	final List<Long> monthRangeNanos = new ArrayList<>();

	final List<Long> wholeRangeNanos = new ArrayList<>();

	long rows;

	long partitions;

	long weekPartitions;

	long rangeRows;

	long retiredRows;

	long detachNanos;

	long dropNanos;

	long deleteNanos;

	long vacuumNanos;

	List<String> retentionStatements = List.of();

	Measurements(SessionFactory sessions, SessionFactory weekSessions, DataSource database, Consumer<String> log) {
		this.sessions = sessions;
		this.weekSessions = weekSessions;
		this.database = database;
		this.log = log;
	}

	/**
	 * Inserts the rows in rounds, each table in turn, the first alternating from round to round; the
	 * first round is a warm-up (JIT, caches), inserted but not counted.
	 */
	void insert(List<String> bodies, int rounds) {
		int perRound = bodies.size() / (rounds + 1);
		List<String> warmup = bodies.subList(0, perRound);
		PartitionBenchmark.persist(this.sessions, warmup.stream().map(PartitionBenchmark::month).toList());
		PartitionBenchmark.persist(this.sessions, warmup.stream().map(PartitionBenchmark::whole).toList());
		bodies = bodies.subList(perRound, bodies.size());
		for (int round = 0; round < rounds; round++) {
			List<String> chunk = bodies.subList(round * perRound, (round == rounds - 1) ? bodies.size() : (round + 1) * perRound);
			for (int turn = 0; turn < 2; turn++) {
				boolean month = (turn == 0) == (round % 2 == 0);
				List<Object> rows = new ArrayList<>(chunk.size());
				chunk.forEach(body -> rows.add(month ? PartitionBenchmark.month(body) : PartitionBenchmark.whole(body)));
				long started = System.nanoTime();
				PartitionBenchmark.persist(this.sessions, rows);
				double rate = rows.size() / ((System.nanoTime() - started) / 1e9);
				(month ? this.monthInsertRates : this.wholeInsertRates).add(rate);
			}
			this.log.accept(String.format("round %d: partitioned %.0f rows/s, whole %.0f rows/s", round + 1,
					this.monthInsertRates.get(round), this.wholeInsertRates.get(round)));
		}
	}

	/**
	 * Copies the rows into the weekly table (not timed: it is there for lookups), and checks that
	 * every table has all of them and that no partitioned one has any in its default partition.
	 */
	void analyze() throws Exception {
		PartitionBenchmark.execute(this.database, "INSERT INTO week_row (id, payload) SELECT 'krow_' || substr(id, 6), payload FROM whole_row");
		for (String table : List.of("month_row", "week_row", "whole_row")) {
			PartitionBenchmark.execute(this.database, "VACUUM ANALYZE " + table);
		}
		this.rows = PartitionBenchmark.count(this.database, "SELECT count(*) FROM month_row");
		long whole = PartitionBenchmark.count(this.database, "SELECT count(*) FROM whole_row");
		long week = PartitionBenchmark.count(this.database, "SELECT count(*) FROM week_row");
		long inDefault = PartitionBenchmark.count(this.database,
				"SELECT (SELECT count(*) FROM month_row_default) + (SELECT count(*) FROM week_row_default)");
		this.partitions = partitionsOf("month_row");
		this.weekPartitions = partitionsOf("week_row");
		if (this.rows != whole || week != whole || inDefault != 0) {
			throw new IllegalStateException("partitioned by month " + this.rows + " rows, by week " + week + " ("
					+ inDefault + " in default partitions), whole " + whole);
		}
	}

	private long partitionsOf(String table) throws Exception {
		return PartitionBenchmark.count(this.database,
				"SELECT count(*) FROM pg_inherits WHERE inhparent = '" + table + "'::regclass");
	}

	/**
	 * Finds random rows by ID, in ten turns in which each table takes its turn, each lookup in a
	 * cleared session, after an unmeasured warm-up of a tenth as many: with the server's default plan
	 * cache mode, then with generic plans forced ({@code plan_cache_mode = force_generic_plan}).
	 */
	void findById(List<String> bodies, int lookups, Random random) {
		List<String> picked = new ArrayList<>();
		for (int i = 0; i < lookups; i++) {
			picked.add(bodies.get(random.nextInt(bodies.size())));
		}
		lookups(picked.subList(0, Math.max(1, lookups / 10)), tables(new ArrayList<>(), new ArrayList<>(), new ArrayList<>()),
				null);
		lookups(picked, tables(this.monthFindNanos, this.weekFindNanos, this.wholeFindNanos), null);
		lookups(picked, tables(this.monthGenericFindNanos, this.weekGenericFindNanos, this.wholeGenericFindNanos),
				"force_generic_plan");
	}

	/** The three tables' lookups, their latencies going to the lists given. */
	private List<Lookup> tables(List<Long> month, List<Long> week, List<Long> whole) {
		return List.of(new Lookup(this.sessions, MonthRow.class, "mrow_", month),
				new Lookup(this.weekSessions, WeekRow.class, "krow_", week),
				new Lookup(this.sessions, WholeRow.class, "wrow_", whole));
	}

	/**
	 * The lookups of one table: its entity, its IDs' prefix, and where their latencies go.
	 */
	private record Lookup(SessionFactory sessions, Class<?> entity, String prefix, List<Long> nanos) {
	}

	/** Each table in its own session; in each turn the tables take turns, the first one rotating. */
	private static void lookups(List<String> picked, List<Lookup> tables, String planCacheMode) {
		int turns = Math.min(10, picked.size());
		List<Session> sessions = new ArrayList<>();
		try {
			for (Lookup table : tables) {
				Session session = table.sessions().openSession();
				sessions.add(session);
				if (planCacheMode != null) {
					session.doWork(connection -> {
						try (java.sql.Statement statement = connection.createStatement()) {
							statement.execute("SET plan_cache_mode = " + planCacheMode);
						}
					});
				}
			}
			for (int turn = 0; turn < turns; turn++) {
				List<String> slice = picked.subList(turn * picked.size() / turns, (turn + 1) * picked.size() / turns);
				for (int side = 0; side < tables.size(); side++) {
					int index = (side + turn) % tables.size();
					Lookup table = tables.get(index);
					Session session = sessions.get(index);
					for (String body : slice) {
						long started = System.nanoTime();
						Object found = session.find(table.entity(), table.prefix() + body);
						table.nanos().add(System.nanoTime() - started);
						if (found == null) {
							throw new IllegalStateException("no row " + table.prefix() + body);
						}
						session.clear();
					}
				}
			}
		}
		finally {
			sessions.forEach(Session::close);
		}
	}

	/** The rows of one day in the middle, 30 times per table in turns. */
	void dayRange(IdFormat bodies) {
		Instant day = Instant.parse("2025-07-15T00:00:00Z");
		String from = bodies.lowest(day);
		String to = bodies.lowest(day.plus(Duration.ofDays(1)));
		try (Session session = this.sessions.openSession()) {
			for (int turn = 0; turn < 30; turn++) {
				for (int side = 0; side < 2; side++) {
					boolean month = (side == 0) == (turn % 2 == 0);
					String entity = month ? "MonthRow" : "WholeRow";
					String prefix = month ? "mrow_" : "wrow_";
					long started = System.nanoTime();
					List<?> rows = session.createQuery("from " + entity + " r where r.id >= :from and r.id < :to order by r.id",
							Object.class)
						.setParameter("from", prefix + from)
						.setParameter("to", prefix + to)
						.getResultList();
					(month ? this.monthRangeNanos : this.wholeRangeNanos).add(System.nanoTime() - started);
					this.rangeRows = rows.size();
					session.clear();
				}
			}
		}
	}

	/**
	 * The oldest month leaves: the maintenance detaches its partition, then the detached table is
	 * dropped; the whole table deletes the same rows, then {@code VACUUM} gives their space back.
	 */
	void retention(PartitionMaintenance maintenance, Instant now) throws Exception {
		this.retiredRows = PartitionBenchmark.count(this.database, "SELECT count(*) FROM month_row_p202501");
		try (Connection connection = this.database.getConnection()) {
			long started = System.nanoTime();
			PartitionMaintenance.Run run = maintenance.run(connection, now, Duration.ofSeconds(30));
			this.detachNanos = System.nanoTime() - started;
			this.retentionStatements = run.statements();
			if (!run.succeeded() || run.statements().stream().noneMatch(sql -> sql.contains("detach partition month_row_p202501"))) {
				throw new IllegalStateException("the maintenance did not detach January: " + run);
			}
		}
		long started = System.nanoTime();
		PartitionBenchmark.execute(this.database, "DROP TABLE month_row_p202501");
		this.dropNanos = System.nanoTime() - started;
		started = System.nanoTime();
		long deleted;
		try (Connection connection = this.database.getConnection();
				java.sql.PreparedStatement delete = connection.prepareStatement("DELETE FROM whole_row WHERE id < ?")) {
			delete.setString(1, "wrow_" + this.februaryBody());
			deleted = delete.executeUpdate();
		}
		this.deleteNanos = System.nanoTime() - started;
		started = System.nanoTime();
		PartitionBenchmark.execute(this.database, "VACUUM whole_row");
		this.vacuumNanos = System.nanoTime() - started;
		if (deleted != this.retiredRows) {
			throw new IllegalStateException("deleted " + deleted + " rows, detached " + this.retiredRows);
		}
	}

	/** The lowest body of February 2025, where the retired month ends. */
	private String februaryBody() {
		return io.github.timesortedid.id.IdFormat
			.of("", "_", io.github.timesortedid.id.IdAlgorithms.create("uuidv7",
					io.github.timesortedid.id.AlgorithmOptions.defaults()))
			.lowest(Instant.parse("2025-02-01T00:00:00Z"));
	}

	static double median(List<? extends Number> values) {
		List<Double> sorted = new ArrayList<>();
		values.forEach(value -> sorted.add(value.doubleValue()));
		Collections.sort(sorted);
		int n = sorted.size();
		return (n % 2 == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
	}

	static double percentile(List<? extends Number> values, double p) {
		List<Double> sorted = new ArrayList<>();
		values.forEach(value -> sorted.add(value.doubleValue()));
		Collections.sort(sorted);
		return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
	}

}
