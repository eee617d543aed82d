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

import io.github.timesortedid.hibernate.PartitionMaintenance;
import io.github.timesortedid.id.IdFormat;
import org.hibernate.Session;
import org.hibernate.SessionFactory;

/**
 * The steps of the partition benchmark and what each measured, the partitioned table and the whole
 * one taking turns in each.
 */
final class Measurements {

	private final SessionFactory sessions;

	private final DataSource database;

	private final Consumer<String> log;

	final List<Double> monthInsertRates = new ArrayList<>();

	final List<Double> wholeInsertRates = new ArrayList<>();

	final List<Long> monthFindNanos = new ArrayList<>();

	final List<Long> wholeFindNanos = new ArrayList<>();

	final List<Long> monthGenericFindNanos = new ArrayList<>();

	final List<Long> wholeGenericFindNanos = new ArrayList<>();

	final List<Long> monthRangeNanos = new ArrayList<>();

	final List<Long> wholeRangeNanos = new ArrayList<>();

	long rows;

	long partitions;

	long rangeRows;

	long retiredRows;

	long detachNanos;

	long dropNanos;

	long deleteNanos;

	long vacuumNanos;

	List<String> retentionStatements = List.of();

	Measurements(SessionFactory sessions, DataSource database, Consumer<String> log) {
		this.sessions = sessions;
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

	void analyze() throws Exception {
		PartitionBenchmark.execute(this.database, "VACUUM ANALYZE month_row");
		PartitionBenchmark.execute(this.database, "VACUUM ANALYZE whole_row");
		this.rows = PartitionBenchmark.count(this.database, "SELECT count(*) FROM month_row");
		long whole = PartitionBenchmark.count(this.database, "SELECT count(*) FROM whole_row");
		long inDefault = PartitionBenchmark.count(this.database, "SELECT count(*) FROM month_row_default");
		this.partitions = PartitionBenchmark.count(this.database,
				"SELECT count(*) FROM pg_inherits WHERE inhparent = 'month_row'::regclass");
		if (this.rows != whole || inDefault != 0) {
			throw new IllegalStateException("partitioned " + this.rows + " rows (" + inDefault + " in the default partition), "
					+ "whole " + whole);
		}
	}

	/**
	 * Finds random rows by ID, in ten turns per table, each lookup in a cleared session, after an
	 * unmeasured warm-up of a tenth as many: with the server's default plan cache mode, then with
	 * generic plans forced ({@code plan_cache_mode = force_generic_plan}), which a partitioned table
	 * prunes when the executor starts instead of planning each lookup anew.
	 */
	void findById(List<String> bodies, int lookups, Random random) {
		List<String> picked = new ArrayList<>();
		for (int i = 0; i < lookups; i++) {
			picked.add(bodies.get(random.nextInt(bodies.size())));
		}
		lookups(picked.subList(0, Math.max(1, lookups / 10)), new ArrayList<>(), new ArrayList<>(), null);
		lookups(picked, this.monthFindNanos, this.wholeFindNanos, null);
		lookups(picked, this.monthGenericFindNanos, this.wholeGenericFindNanos, "force_generic_plan");
	}

	private void lookups(List<String> picked, List<Long> month, List<Long> whole, String planCacheMode) {
		int turns = Math.min(10, picked.size());
		try (Session session = this.sessions.openSession()) {
			if (planCacheMode != null) {
				session.doWork(connection -> {
					try (java.sql.Statement statement = connection.createStatement()) {
						statement.execute("SET plan_cache_mode = " + planCacheMode);
					}
				});
			}
			for (int turn = 0; turn < turns; turn++) {
				List<String> slice = picked.subList(turn * picked.size() / turns, (turn + 1) * picked.size() / turns);
				for (int side = 0; side < 2; side++) {
					boolean partitioned = (side == 0) == (turn % 2 == 0);
					for (String body : slice) {
						long started = System.nanoTime();
						Object found = partitioned ? session.find(MonthRow.class, "mrow_" + body)
								: session.find(WholeRow.class, "wrow_" + body);
						(partitioned ? month : whole).add(System.nanoTime() - started);
						if (found == null) {
							throw new IllegalStateException("no row " + body);
						}
						session.clear();
					}
				}
			}
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
