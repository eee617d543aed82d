package io.github.timesortedid.benchmarks.partitions;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import io.github.timesortedid.benchmarks.CommandLine;
import io.github.timesortedid.benchmarks.Report;
import io.github.timesortedid.benchmarks.RunAll;
import io.github.timesortedid.benchmarks.inserts.InsertBenchmark;
import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.config.RetentionAction;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.model.TimeSortedIdSettings;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionSettings;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;

/**
 * A table partitioned by the month inside its IDs against the same rows in a table of one piece,
 * side by side in one run on embedded PostgreSQL: the same {@code uuidv7} bodies (13 months of
 * them, the partitioned table's prefix {@code mrow_}, the whole one's {@code wrow_}, as long),
 * inserted through Hibernate with JDBC batching in rounds whose order alternates; then
 * {@code findById} of random rows, a one-day range, and the retention of the oldest month: the
 * maintenance detaching its partition and dropping the detached table, against {@code DELETE} of
 * the same rows (and the {@code VACUUM} that gives their space back). Targets: inserts at least
 * {@value #INSERT_TARGET}x the whole table's rows/s, {@code findById} at most {@value #FIND_TARGET}x
 * its latency.
 * <p>
 * Run it alone with
 * {@code java -cp benchmarks/target/benchmarks.jar io.github.timesortedid.benchmarks.partitions.PartitionBenchmark};
 * {@code --help} lists the options.
 */
public final class PartitionBenchmark {

	/** The least partitioned / whole insert rows/s that meets the target. */
	public static final double INSERT_TARGET = 0.9;

	/** The most partitioned / whole {@code findById} median latency that meets the target. */
	public static final double FIND_TARGET = 1.1;

	/** The name of the result files, without extension. */
	public static final String FILE_NAME = "partitions";

	/** The first instant of the rows: January 2025; thirteen months follow, each a partition. */
	static final Instant START = Instant.parse("2025-01-01T00:00:00Z");

	static final Instant END = Instant.parse("2026-02-01T00:00:00Z");

	/**
	 * The weeks the weekly table makes ahead from the first one: past the end of the rows, so that
	 * none lands in its default partition.
	 */
	static final int WEEKS_AHEAD = 60;

	private static final int BATCH = 50;

	private static final int COMMIT_EVERY = 10_000;

	private static final String PAYLOAD = "x".repeat(100);

	/** What the benchmark accepts on its own command line. */
	public static final CommandLine COMMAND_LINE = new CommandLine(
			"java -cp benchmarks/target/benchmarks.jar " + PartitionBenchmark.class.getName(),
			"Measures a table partitioned by month against the same rows in one table on embedded PostgreSQL and\n"
					+ "writes " + FILE_NAME + ".json and " + FILE_NAME + ".md. About ten minutes with the defaults.",
			List.of(CommandLine.Option.flag("--quick", "a smoke run: the smaller counts below"),
					CommandLine.Option.number("--rows", Settings.DEFAULT.rows(), Settings.QUICK.rows(), "rows per table"),
					CommandLine.Option.number("--rounds", Settings.DEFAULT.rounds(), Settings.QUICK.rounds(),
							"rounds of inserts, each table in turn"),
					CommandLine.Option.number("--lookups", Settings.DEFAULT.lookups(), Settings.QUICK.lookups(),
							"findById calls per table"),
					CommandLine.Option.directory("--out", RunAll.RESULTS, "where the result files are written")));

	private PartitionBenchmark() {
	}

	/**
	 * How much to run.
	 * @param rows rows per table
	 * @param rounds rounds of inserts, each table in turn
	 * @param lookups {@code findById} calls per table
	 */
	public record Settings(int rows, int rounds, int lookups) {

		/** A million rows in 20 rounds, 20,000 lookups. */
		public static final Settings DEFAULT = new Settings(1_000_000, 20, 20_000);

		/** A smoke run. */
		public static final Settings QUICK = new Settings(13_000, 2, 200);

		public Settings {
			if (rows < rounds || rounds < 1 || lookups < 1) {
				throw new IllegalArgumentException("rows >= rounds >= 1 and lookups >= 1: " + rows + ", " + rounds + ", " + lookups);
			}
		}

		static Settings from(CommandLine.Arguments arguments) {
			Settings base = arguments.has("--quick") ? QUICK : DEFAULT;
			return new Settings(arguments.number("--rows", base.rows()), arguments.number("--rounds", base.rounds()),
					arguments.number("--lookups", base.lookups()));
		}

	}

	/**
	 * What the command line asks for.
	 * @param settings how much to run
	 * @param out where the result files are written
	 */
	record Invocation(Settings settings, Path out) {

		static Invocation from(CommandLine.Arguments arguments) {
			return new Invocation(Settings.from(arguments), Path.of(arguments.text("--out", RunAll.RESULTS)));
		}

	}

	/**
	 * Runs the benchmark as the command line asks; see {@link #COMMAND_LINE}.
	 * @param args the options
	 * @throws Exception if the benchmark fails
	 */
	public static void main(String[] args) throws Exception {
		Invocation invocation = COMMAND_LINE.parseOrExit(args, Invocation::from);
		Settings settings = invocation.settings();
		Path out = invocation.out();
		PartitionBenchmarkResult result;
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
			result = run(postgres, settings, System.out::println);
		}
		result.write(out);
		System.out.println(result.markdown());
		System.out.println(result.summaryLine());
	}

	/**
	 * Runs the benchmark on a database of its own on the server.
	 * @param postgres the server
	 * @param settings how much to run
	 * @param log where progress goes
	 * @return what was measured
	 * @throws Exception if a step fails
	 */
	public static PartitionBenchmarkResult run(EmbeddedPostgres postgres, Settings settings, Consumer<String> log)
			throws Exception {
		String loadBefore = Report.loadAverage();
		Map<String, String> server = new InsertBenchmark(postgres).settings();
		try (Connection admin = postgres.getPostgresDatabase().getConnection(); Statement statement = admin.createStatement()) {
			statement.execute("DROP DATABASE IF EXISTS partitions");
			statement.execute("CREATE DATABASE partitions");
		}
		MutableClock clock = new MutableClock(START);
		AlgorithmOptions options = AlgorithmOptions.builder().clock(clock).build();
		TimeSortedIdRegistry registry = new TimeSortedIdRegistry(TimeSortedIdSettings.builder()
			.options(options)
			.entity("MonthRow", "mrow", null)
			.entity("WholeRow", "wrow", null)
			.partitions("MonthRow", new PartitionSettings(PartitionInterval.MONTH, 13, Duration.ofDays(366),
					RetentionAction.DETACH))
			.build());
		// the weekly table is an application of its own, so that its maintenance stays out of the timed retention run
		TimeSortedIdRegistry weekRegistry = new TimeSortedIdRegistry(TimeSortedIdSettings.builder()
			.options(options)
			.entity("WeekRow", "krow", null)
			.partitions("WeekRow", new PartitionSettings(PartitionInterval.WEEK, WEEKS_AHEAD, null, RetentionAction.DETACH))
			.build());
		String url = postgres.getJdbcUrl("postgres", "partitions") + "&reWriteBatchedInserts=true";
		StandardServiceRegistry services = services(url, registry);
		StandardServiceRegistry weekServices = services(url, weekRegistry);
		try (SessionFactory sessions = new MetadataSources(services).addAnnotatedClass(MonthRow.class)
			.addAnnotatedClass(WholeRow.class)
			.buildMetadata()
			.buildSessionFactory();
				SessionFactory weekSessions = new MetadataSources(weekServices).addAnnotatedClass(WeekRow.class)
					.buildMetadata()
					.buildSessionFactory()) {
			javax.sql.DataSource database = postgres.getDatabase("postgres", "partitions");
			PartitionMaintenance maintenance = registry.partitionMaintenance().orElseThrow();
			try (Connection connection = database.getConnection()) {
				maintenance.run(connection, clock.instant(), Duration.ofSeconds(5));
				weekRegistry.partitionMaintenance().orElseThrow().run(connection, clock.instant(), Duration.ofSeconds(5));
			}
			Measurements measured = new Measurements(sessions, weekSessions, database, log);
			List<String> bodies = bodies(options, clock, settings.rows());
			measured.insert(bodies, settings.rounds());
			measured.analyze();
			measured.findById(bodies, settings.lookups(), new Random(26));
			measured.dayRange(IdFormat.of("", "_", IdAlgorithms.create("uuidv7", options)));
			// February 2026 begins: its run makes the next months, and retires nothing (366 days back is still
			// January 2025); a day later the only thing to do is to retire January 2025, which the next run times
			clock.set(END);
			try (Connection connection = database.getConnection()) {
				maintenance.run(connection, clock.instant(), Duration.ofSeconds(5));
			}
			clock.set(END.plus(Duration.ofDays(1)));
			measured.retention(maintenance, clock.instant());
			return new PartitionBenchmarkResult(Report.describeMachine(), loadBefore, Report.loadAverage(), server, settings, measured);
		}
		finally {
			StandardServiceRegistryBuilder.destroy(services);
			StandardServiceRegistryBuilder.destroy(weekServices);
		}
	}

	private static StandardServiceRegistry services(String url, TimeSortedIdRegistry registry) {
		Map<String, Object> hibernate = new LinkedHashMap<>();
		hibernate.put("hibernate.connection.url", url);
		hibernate.put("hibernate.connection.username", "postgres");
		hibernate.put("hibernate.hbm2ddl.auto", "create");
		hibernate.put("hibernate.jdbc.batch_size", String.valueOf(BATCH));
		hibernate.put(TimeSortedIdRegistry.SETTING, registry);
		return new StandardServiceRegistryBuilder().applySettings(hibernate).build();
	}

	/** The bodies of the rows, one every few seconds from January 2025 to the end of January 2026, in time order. */
	private static List<String> bodies(AlgorithmOptions options, MutableClock clock, int rows) {
		IdAlgorithm uuidv7 = IdAlgorithms.create("uuidv7", options);
		long step = Duration.between(START, END).toMillis() / rows;
		List<String> bodies = new ArrayList<>(rows);
		for (int i = 0; i < rows; i++) {
			clock.set(START.plusMillis(step * i));
			bodies.add(uuidv7.nextBody());
		}
		return bodies;
	}

	static BenchmarkRow month(String body) {
		return new MonthRow().fill("mrow_" + body, PAYLOAD);
	}

	static BenchmarkRow whole(String body) {
		return new WholeRow().fill("wrow_" + body, PAYLOAD);
	}

	/** Persists rows with Hibernate's JDBC batching, committing every {@value #COMMIT_EVERY}. */
	static void persist(SessionFactory sessions, List<?> rows) {
		try (Session session = sessions.openSession()) {
			session.beginTransaction();
			for (int n = 1; n <= rows.size(); n++) {
				session.persist(rows.get(n - 1));
				if (n % BATCH == 0) {
					session.flush();
					session.clear();
				}
				if (n % COMMIT_EVERY == 0) {
					session.getTransaction().commit();
					session.beginTransaction();
				}
			}
			session.flush();
			session.getTransaction().commit();
		}
	}

	static void execute(javax.sql.DataSource dataSource, String sql) throws Exception {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	static long count(javax.sql.DataSource dataSource, String sql) throws Exception {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getLong(1);
		}
	}

	/** The clock the IDs are made with and the maintenance reads. */
	static final class MutableClock extends Clock {

		private volatile Instant now;

		MutableClock(Instant now) {
			this.now = now;
		}

		void set(Instant instant) {
			this.now = instant;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

	}

}
