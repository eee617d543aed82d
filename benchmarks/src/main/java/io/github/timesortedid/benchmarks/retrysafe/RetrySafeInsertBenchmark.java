package io.github.timesortedid.benchmarks.retrysafe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import io.github.timesortedid.benchmarks.CommandLine;
import io.github.timesortedid.benchmarks.Figures;
import io.github.timesortedid.benchmarks.Report;
import io.github.timesortedid.benchmarks.RunAll;
import io.github.timesortedid.benchmarks.inserts.InsertBenchmark;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks the happy path of retry-safe inserts against what an application would do without them, in
 * a Spring Boot application (Hikari, Spring Data JPA, the time-sorted-id starter) on embedded
 * PostgreSQL. Every call is made outside any transaction, so each is one transaction with one row:
 * <ul>
 * <li>{@code insert()}: {@code postRowRepository.insert(row)}, the retry-safe insert of an entity
 * with an {@code @Id @TimeSortedId String} key;</li>
 * <li>{@code save(sequence)}: {@code sequencePostRowRepository.save(row)} of an entity with a
 * {@code @GeneratedValue(strategy = SEQUENCE) Long} key (Hibernate's pooled optimizer, allocation
 * size 50): the usual alternative, and the yardstick;</li>
 * <li>{@code save(assigned id)}: {@code postRowRepository.save(row)} of the {@code @TimeSortedId}
 * entity with its ID set beforehand (as an idempotency key is): Spring Data sees an ID and merges,
 * which SELECTs before it INSERTs. This is what {@code insert()} exists to avoid.</li>
 * </ul>
 * The cases are warmed up, then take turns in timed rounds: each round is ten short turns per case,
 * their order rotated from turn to turn, so that noise on the machine hits all of them alike; last, the statements of a few rows of each case are
 * counted with datasource-proxy (not timed). The result is the median rows/s per case and
 * {@code insert()} / {@code save(sequence)}; the target is one INSERT and no SELECT per
 * {@code insert()}, and a ratio of at least {@value #TARGET_RATIO}.
 * <p>
 * Run it alone with
 * {@code java -cp benchmarks/target/benchmarks.jar io.github.timesortedid.benchmarks.retrysafe.RetrySafeInsertBenchmark};
 * the options are in {@link #COMMAND_LINE}, and {@code --help} lists them.
 */
public final class RetrySafeInsertBenchmark {

	/** The least {@code insert()} / {@code save(sequence)} rows/s that meets the target. */
	public static final double TARGET_RATIO = 0.9;

	/** The name of the result files in the output directory, without extension. */
	public static final String FILE_NAME = "retry-safe-inserts";

	/** The warm-up is run in this many turns per case. */
	private static final int WARMUP_CHUNKS = 5;

	/** Each round is run in this many turns per case. */
	private static final int TURNS_PER_ROUND = 10;

	static final String INSERT = "insert()";

	static final String SAVE_SEQUENCE = "save(sequence)";

	static final String SAVE_ASSIGNED = "save(assigned id)";

	/** What the benchmark accepts on its own command line. */
	public static final CommandLine COMMAND_LINE = new CommandLine(
			"java -cp benchmarks/target/benchmarks.jar " + RetrySafeInsertBenchmark.class.getName(),
			"Measures retry-safe insert() against save() in a Spring Boot application on embedded PostgreSQL\n"
					+ "and writes " + FILE_NAME + ".json and " + FILE_NAME + ".md. About a minute with the defaults.",
			List.of(CommandLine.Option.flag("--quick", "a smoke run: the smaller counts below"),
					CommandLine.Option.number("--warmup", Settings.DEFAULT.warmupRows(), Settings.QUICK.warmupRows(),
							"unmeasured rows per case before the timed rounds"),
					CommandLine.Option.number("--rounds", Settings.DEFAULT.rounds(), Settings.QUICK.rounds(), "timed rounds"),
					CommandLine.Option.number("--rows", Settings.DEFAULT.rowsPerRound(), Settings.QUICK.rowsPerRound(),
							"rows per case and round"),
					CommandLine.Option.number("--counted", Settings.DEFAULT.countedRows(), Settings.QUICK.countedRows(),
							"rows per case whose statements are counted after the rounds (not timed)"),
					CommandLine.Option.directory("--out", RunAll.RESULTS, "where the result files are written")));

	private RetrySafeInsertBenchmark() {
	}

	/**
	 * How much to run.
	 * @param warmupRows unmeasured rows per case before the timed rounds
	 * @param rounds timed rounds
	 * @param rowsPerRound rows per case and round
	 * @param countedRows rows per case whose statements are counted, after the rounds (not timed)
	 */
	public record Settings(int warmupRows, int rounds, int rowsPerRound, int countedRows) {

		/**
		 * 10,000 rows of warm-up, 6 rounds of 5,000 rows, 100 counted rows per case: about a minute
		 * on a 2-core machine.
		 */
		public static final Settings DEFAULT = new Settings(10_000, 6, 5_000, 100);

		/** A smoke run. */
		public static final Settings QUICK = new Settings(300, 3, 300, 50);

		public Settings {
			if (warmupRows < 0 || rounds < 1 || rowsPerRound < 1 || countedRows < 1) {
				throw new IllegalArgumentException("warm-up rows >= 0, rounds, rows per round and counted rows >= 1: " + warmupRows
						+ ", " + rounds + ", " + rowsPerRound + ", " + countedRows);
			}
		}

		static Settings from(CommandLine.Arguments arguments) {
			Settings base = arguments.has("--quick") ? QUICK : DEFAULT;
			return new Settings(arguments.number("--warmup", base.warmupRows()), arguments.number("--rounds", base.rounds()),
					arguments.number("--rows", base.rowsPerRound()), arguments.number("--counted", base.countedRows()));
		}

		/** Rows each case writes in all. */
		long rowsPerCase() {
			return (long) this.warmupRows + this.countedRows + (long) this.rounds * this.rowsPerRound;
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
	 * The statements one case sent for a number of rows, by SQL verb.
	 * @param rows the rows written while counting
	 * @param inserts INSERT statements
	 * @param selects SELECT statements (a sequence's {@code nextval} included)
	 * @param others any other statement
	 */
	public record Statements(int rows, long inserts, long selects, long others) {

		static Statements of(int rows, List<String> sql) {
			long inserts = sql.stream().filter(statement -> StatementCountingDataSource.verb(statement).equals("insert")).count();
			long selects = sql.stream().filter(statement -> StatementCountingDataSource.verb(statement).equals("select")).count();
			return new Statements(rows, inserts, selects, sql.size() - inserts - selects);
		}

		public double insertsPerRow() {
			return (double) this.inserts / this.rows;
		}

		public double selectsPerRow() {
			return (double) this.selects / this.rows;
		}

		public double othersPerRow() {
			return (double) this.others / this.rows;
		}

	}

	/**
	 * What one case measured.
	 * @param name its short name: {@code insert()}, {@code save(sequence)}, {@code save(assigned id)}
	 * @param description what it calls
	 * @param roundRowsPerSecond rows/s in each round, in round order
	 * @param statements its counted statements
	 */
	public record CaseResult(String name, String description, List<Double> roundRowsPerSecond, Statements statements) {

		public double medianRowsPerSecond() {
			return Figures.median(this.roundRowsPerSecond);
		}

	}

	/**
	 * One run.
	 * @param machine the machine, as {@link Report#describeMachine()} tells it
	 * @param postgres the PostgreSQL settings that matter for the numbers
	 * @param settings how much was run
	 * @param insert the {@code insert()} case
	 * @param saveSequence the {@code save()} case with a sequence key
	 * @param saveAssigned the {@code save()} case with an assigned {@code @TimeSortedId} key
	 * @param seconds how long the whole run took, Spring and PostgreSQL startup excluded
	 */
	public record Result(Map<String, String> machine, Map<String, String> postgres, Settings settings, CaseResult insert,
			CaseResult saveSequence, CaseResult saveAssigned, double seconds) {

		/** {@code insert()} / {@code save(sequence)}, of the median rows/s. */
		public double ratio() {
			return this.insert.medianRowsPerSecond() / this.saveSequence.medianRowsPerSecond();
		}

		/** {@code insert()} / {@code save(sequence)} in each round, where both ran back to back. */
		public List<Double> roundRatios() {
			return IntStream.range(0, this.insert.roundRowsPerSecond().size())
				.mapToObj(r -> this.insert.roundRowsPerSecond().get(r) / this.saveSequence.roundRowsPerSecond().get(r))
				.toList();
		}

		/** One INSERT and no other statement per {@code insert()}. */
		public boolean statementsMet() {
			Statements statements = this.insert.statements();
			return statements.inserts() == statements.rows() && statements.selects() == 0;
		}

		public boolean ratioMet() {
			return ratio() >= TARGET_RATIO;
		}

		public List<CaseResult> cases() {
			return List.of(this.insert, this.saveSequence, this.saveAssigned);
		}

		/** The one line a run prints last. */
		public String summaryLine() {
			return String.format(Locale.ROOT,
					"retry-safe insert benchmark: %s=%.0f rows/s %s=%.0f rows/s ratio=%.2f %s=%.0f rows/s "
							+ "statements per insert(): inserts=%s selects=%s",
					INSERT, this.insert.medianRowsPerSecond(), SAVE_SEQUENCE, this.saveSequence.medianRowsPerSecond(), ratio(),
					SAVE_ASSIGNED, this.saveAssigned.medianRowsPerSecond(), Figures.perUnit(this.insert.statements().insertsPerRow()),
					Figures.perUnit(this.insert.statements().selectsPerRow()));
		}

		/** Ours against each peer, in the shape of {@code summary.json}. */
		public List<Report.Entry> entries() {
			String name = "single-row insert transactions, Spring Data JPA, PostgreSQL, median of " + this.settings.rounds()
					+ " rounds x " + this.settings.rowsPerRound() + " rows";
			List<Report.Entry> entries = new ArrayList<>();
			for (CaseResult peer : List.of(this.saveSequence, this.saveAssigned)) {
				entries.add(entry(name, peer, "rows/s", this.insert.medianRowsPerSecond(), peer.medianRowsPerSecond()));
				entries.add(entry(name, peer, "INSERT statements per row", this.insert.statements().insertsPerRow(),
						peer.statements().insertsPerRow()));
				entries.add(entry(name, peer, "SELECT statements per row", this.insert.statements().selectsPerRow(),
						peer.statements().selectsPerRow()));
			}
			return entries;
		}

		private Report.Entry entry(String name, CaseResult peer, String metric, double ours, double theirs) {
			return new Report.Entry(name, this.insert.description(), peer.description(), metric, Figures.round(ours),
					Figures.round(theirs), (theirs == 0) ? 0 : Figures.round(ours / theirs));
		}

		public String markdown() {
			StringBuilder md = new StringBuilder("# Retry-safe insert benchmark\n\n");
			md.append("Measured in one run on one machine; the cases took turns, so that they are compared side by side.\n\n");
			md.append("```text\n").append(summaryLine()).append("\n```\n\n");
			md.append("| machine | |\n|---|---|\n");
			this.machine.forEach((key, value) -> md.append("| ").append(key).append(" | ").append(value).append(" |\n"));
			md.append("\nPostgreSQL (embedded, zonky): ").append(this.postgres).append("\n\n");
			md.append("Spring Boot application, Hikari pool, Spring Data JPA, Hibernate defaults (no JDBC batching). ")
				.append("Every call is made outside any transaction: one transaction, one row. ")
				.append(String.format(Locale.ROOT,
						"%,d unmeasured rows per case first (in turns, as the rounds), then %d rounds of %,d rows per case, "
								+ "each round in %d turns per case whose order rotates, then %,d rows per case whose statements were counted "
								+ "(datasource-proxy, not timed). %.0f s in all.%n",
						this.settings.warmupRows(), this.settings.rounds(), this.settings.rowsPerRound(),
						Math.min(TURNS_PER_ROUND, this.settings.rowsPerRound()), this.settings.countedRows(), this.seconds));
			md.append("\n## Targets\n\n| target | measured | met |\n|---|---|---|\n");
			Statements statements = this.insert.statements();
			md.append("| insert() outside a transaction: one INSERT and no SELECT per row | ")
				.append(String.format(Locale.ROOT, "%d INSERT, %d SELECT, %d other statements for %d rows", statements.inserts(),
						statements.selects(), statements.others(), statements.rows()))
				.append(" | ").append(Figures.yes(statementsMet())).append(" |\n");
			md.append("| insert(): at least ").append(Figures.perUnit(TARGET_RATIO))
				.append("x the rows/s of save() with a SEQUENCE key | ")
				.append(String.format(Locale.ROOT, "%s vs %s rows/s: %.2fx", Figures.rate(this.insert.medianRowsPerSecond()),
						Figures.rate(this.saveSequence.medianRowsPerSecond()), ratio()))
				.append(" | ").append(Figures.yes(ratioMet())).append(" |\n");
			md.append("\n## Rows per second\n\n| case | call |");
			int rounds = this.insert.roundRowsPerSecond().size();
			IntStream.rangeClosed(1, rounds).forEach(r -> md.append(" round ").append(r).append(" |"));
			md.append(" median | INSERT / row | SELECT / row | other / row |\n|---|---|");
			md.append("---|".repeat(rounds)).append("---|---|---|---|\n");
			for (CaseResult kase : cases()) {
				md.append("| ").append(kase == this.insert ? "**" + kase.name() + "**" : kase.name()).append(" | ")
					.append(kase.description()).append(" |");
				kase.roundRowsPerSecond().forEach(rate -> md.append(' ').append(Figures.rate(rate)).append(" |"));
				md.append(' ').append(Figures.rate(kase.medianRowsPerSecond())).append(" | ")
					.append(Figures.perUnit(kase.statements().insertsPerRow())).append(" | ")
					.append(Figures.perUnit(kase.statements().selectsPerRow())).append(" | ")
					.append(Figures.perUnit(kase.statements().othersPerRow())).append(" |\n");
			}
			md.append("| insert() / save(sequence) | |");
			roundRatios().forEach(ratio -> md.append(String.format(Locale.ROOT, " %.2fx |", ratio)));
			md.append(String.format(Locale.ROOT, " %.2fx | | | |%n", ratio()));
			md.append("\nThe median ratio is the ratio of the medians. A SEQUENCE key's SELECT is its `nextval`, once per 50 rows; ")
				.append("save() of an entity whose ID is already set merges, which SELECTs the row before it INSERTs.\n");
			return md.toString();
		}

		/** Writes {@code retry-safe-inserts.json} and {@code retry-safe-inserts.md}. */
		public void write(Path directory) throws IOException {
			Files.createDirectories(directory);
			JsonMapper json = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
			Files.writeString(directory.resolve(FILE_NAME + ".json"), json.writeValueAsString(entries()) + "\n");
			Files.writeString(directory.resolve(FILE_NAME + ".md"), markdown());
		}

	}

	/** One case: what each row calls. */
	private record Case(String name, String description, LongConsumer row) {
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
		Result result;
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
			result = run(postgres, settings, System.out::println);
		}
		result.write(out);
		System.out.println(result.markdown());
		System.out.println("Wrote " + out.resolve(FILE_NAME + ".json").toAbsolutePath() + " and " + FILE_NAME + ".md");
		System.out.println(result.summaryLine());
	}

	/**
	 * Runs the benchmark in a Spring Boot application of its own on a database of the given server.
	 * @param postgres the server
	 * @param settings how much to run
	 * @param log where progress goes
	 * @return what was measured
	 */
	public static Result run(EmbeddedPostgres postgres, Settings settings, Consumer<String> log) throws Exception {
		Map<String, String> postgresSettings = new InsertBenchmark(postgres).settings();
		try (ConfigurableApplicationContext context = start(postgres.getJdbcUrl("postgres", "postgres"))) {
			PostRowRepository posts = context.getBean(PostRowRepository.class);
			SequencePostRowRepository sequences = context.getBean(SequencePostRowRepository.class);
			StatementCountingDataSource counter = (StatementCountingDataSource) context.getBean(DataSource.class);
			IdFormat postIds = context.getBean(TimeSortedIdRegistry.class).field("PostRow", "id").orElseThrow().format();
			List<Case> cases = List.of(new Case(INSERT, "postRowRepository.insert(row), @TimeSortedId String key", n -> {
				if (!posts.insert(PostRow.create(n)).created()) {
					throw new IllegalStateException("insert() of row " + n + " did not create it");
				}
			}), new Case(SAVE_SEQUENCE, "sequencePostRowRepository.save(row), SEQUENCE Long key (pooled, 50)",
					n -> sequences.save(SequencePostRow.create(n))),
					new Case(SAVE_ASSIGNED, "postRowRepository.save(row), @TimeSortedId String key set before (merge)", n -> {
						PostRow row = PostRow.create(n);
						row.setId(postIds.next());
						posts.save(row);
					}));
			long started = System.nanoTime();
			long[] next = new long[cases.size()];
			// warm-up in turns too, so that the JIT compiles the shared code (Spring, Hibernate, PgJDBC)
			// with the same mix of calls that the timed rounds make
			for (int chunk = 0; chunk < WARMUP_CHUNKS; chunk++) {
				int rows = Figures.share(settings.warmupRows(), WARMUP_CHUNKS, chunk);
				for (int turn = 0; turn < cases.size(); turn++) {
					int c = (chunk + turn) % cases.size();
					next[c] = rows(cases.get(c), next[c], rows);
				}
			}
			List<List<Double>> rates = new ArrayList<>();
			cases.forEach(kase -> rates.add(new ArrayList<>()));
			for (int round = 0; round < settings.rounds(); round++) {
				// a round is several short turns per case, so that the cases of one round run under the
				// same conditions; its rate per case is its rows over the time of its turns
				long[] nanos = new long[cases.size()];
				int turns = Math.min(TURNS_PER_ROUND, settings.rowsPerRound());
				for (int turn = 0; turn < turns; turn++) {
					int rows = Figures.share(settings.rowsPerRound(), turns, turn);
					for (int position = 0; position < cases.size(); position++) {
						int c = (round + turn + position) % cases.size();
						long before = System.nanoTime();
						next[c] = rows(cases.get(c), next[c], rows);
						nanos[c] += System.nanoTime() - before;
					}
				}
				double[] thisRound = new double[cases.size()];
				for (int c = 0; c < cases.size(); c++) {
					thisRound[c] = settings.rowsPerRound() / (nanos[c] / 1e9);
				}
				StringBuilder line = new StringBuilder("retry-safe insert benchmark: round " + (round + 1) + ":");
				for (int c = 0; c < cases.size(); c++) {
					rates.get(c).add(thisRound[c]);
					line.append(String.format(Locale.ROOT, " %s=%.0f", cases.get(c).name(), thisRound[c]));
				}
				log.accept(line.append(" rows/s").toString());
			}
			// counted after the timed rounds: datasource-proxy's connection and statement classes reach
			// the call sites of Hibernate and Hikari, and the JIT recompiles them, which would slow the
			// first round down
			List<Statements> statements = new ArrayList<>();
			for (int c = 0; c < cases.size(); c++) {
				counter.startCounting();
				try {
					next[c] = rows(cases.get(c), next[c], settings.countedRows());
				}
				finally {
					statements.add(Statements.of(settings.countedRows(), counter.stopCounting()));
				}
			}
			double seconds = (System.nanoTime() - started) / 1e9;
			long expected = settings.rowsPerCase();
			if (posts.count() != 2 * expected || sequences.count() != expected) {
				throw new IllegalStateException("expected " + 2 * expected + " post_row and " + expected
						+ " sequence_post_row rows, found " + posts.count() + " and " + sequences.count());
			}
			List<CaseResult> results = new ArrayList<>();
			for (int c = 0; c < cases.size(); c++) {
				results.add(new CaseResult(cases.get(c).name(), cases.get(c).description(), List.copyOf(rates.get(c)),
						statements.get(c)));
			}
			return new Result(Report.describeMachine(), postgresSettings, settings, results.get(0), results.get(1),
					results.get(2), seconds);
		}
	}

	/** Starts the application: no web server, no banner, warnings only. */
	static ConfigurableApplicationContext start(String jdbcUrl) {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", jdbcUrl);
		properties.put("spring.datasource.username", "postgres");
		properties.put("spring.datasource.hikari.pool-name", "retry-safe-benchmark");
		properties.put("spring.jpa.hibernate.ddl-auto", "create");
		properties.put("spring.jpa.open-in-view", "false");
		properties.put("logging.level.root", "WARN");
		return new SpringApplicationBuilder(RetrySafeBenchmarkApplication.class).web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.properties(properties)
			.run();
	}

	/** Writes rows {@code first} to {@code first + count - 1}; returns the next row number. */
	private static long rows(Case kase, long first, int count) {
		for (long n = first; n < first + count; n++) {
			kase.row().accept(n);
		}
		return first + count;
	}

}
