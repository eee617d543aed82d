package io.github.timesortedid.benchmarks.datajdbc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

import io.github.timesortedid.benchmarks.Figures;
import io.github.timesortedid.benchmarks.Report;
import io.github.timesortedid.benchmarks.retrysafe.StatementCountingDataSource;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * One run of {@link DataJdbcInsertBenchmark}: the rates of each case in each round, the statements
 * counted, the ratios against the peers measured in the same run, and the targets.
 * @param machine the machine, as {@link Report#describeMachine()} tells it
 * @param postgres the PostgreSQL settings that matter for the numbers
 * @param settings how much was run
 * @param cases every case, in the order of {@link #CASES}
 * @param seconds how long the whole run took, Spring and PostgreSQL startup excluded
 */
public record DataJdbcInsertResult(Map<String, String> machine, Map<String, String> postgres,
		DataJdbcInsertBenchmark.Settings settings, List<CaseResult> cases, double seconds) {

	/** Spring Data JDBC's {@code save()} of an aggregate with an identity key. */
	public static final String SAVE_IDENTITY = "save(identity)";

	/** {@code save()} of an aggregate with a {@code @TimeSortedId} key. */
	public static final String SAVE_LIBRARY = "save(library)";

	/** The library's retry-safe {@code insert()}. */
	public static final String INSERT = "insert()";

	/** Spring Data JDBC's {@code saveAll()} of aggregates with identity keys. */
	public static final String SAVE_ALL_IDENTITY = "saveAll(identity)";

	/** {@code saveAll()} of aggregates with {@code @TimeSortedId} keys. */
	public static final String SAVE_ALL_LIBRARY = "saveAll(library)";

	/**
	 * {@code saveAll()} of aggregates with {@code @TimeSortedId(algorithm = "snowflake") Long} keys, as
	 * wide as the identity key: no target, a control that tells what of a difference is the width of
	 * the text key.
	 */
	public static final String SAVE_ALL_SNOWFLAKE = "saveAll(library, snowflake)";

	/**
	 * {@code saveAll()} of aggregates with the {@code @TimeSortedId} text keys of {@link #SAVE_ALL_LIBRARY}
	 * stored with binary storage, as a 16-byte {@code uuid}: no target, a control beside the snowflake one.
	 */
	public static final String SAVE_ALL_BINARY = "saveAll(library, binary)";

	/**
	 * The library's retry-safe {@code insertAll()} of aggregates whose IDs were set ahead, as an import
	 * file carries them: no target, a control that tells what a batch's look-up costs beside
	 * {@link #SAVE_ALL_LIBRARY}.
	 */
	public static final String INSERT_ALL = "insertAll()";

	/**
	 * {@link #SAVE_ALL_IDENTITY} in an application whose PgJDBC rewrites batched INSERTs into multi-row ones
	 * ({@code reWriteBatchedInserts=true}); it cannot rewrite the order rows, whose generated keys it must return.
	 */
	public static final String SAVE_ALL_IDENTITY_REWRITTEN = "saveAll(identity, rewritten)";

	/** {@link #SAVE_ALL_LIBRARY} in an application whose PgJDBC rewrites batched INSERTs, every row's among them. */
	public static final String SAVE_ALL_LIBRARY_REWRITTEN = "saveAll(library, rewritten)";

	/** The cases, in the order a result holds them. */
	public static final List<String> CASES = List.of(SAVE_IDENTITY, SAVE_LIBRARY, INSERT, SAVE_ALL_IDENTITY, SAVE_ALL_LIBRARY,
			SAVE_ALL_BINARY, SAVE_ALL_SNOWFLAKE, INSERT_ALL, SAVE_ALL_IDENTITY_REWRITTEN, SAVE_ALL_LIBRARY_REWRITTEN);

	/** The cases whose applications' PgJDBC rewrites batched INSERTs. */
	public static final List<String> REWRITTEN = List.of(SAVE_ALL_IDENTITY_REWRITTEN, SAVE_ALL_LIBRARY_REWRITTEN);

	/** The least {@code save(library)} / {@code save(identity)}, and the same of {@code saveAll}, that meets the target. */
	public static final double SAVE_TARGET = 1.0;

	/** The least {@code insert()} / {@code save(library)} that meets the target. */
	public static final double INSERT_TARGET = 0.95;

	/** The ratios of median rates this benchmark sets targets for. */
	public static final List<Ratio> RATIOS = List.of(new Ratio(SAVE_LIBRARY, SAVE_IDENTITY, SAVE_TARGET),
			new Ratio(SAVE_ALL_LIBRARY, SAVE_ALL_IDENTITY, SAVE_TARGET), new Ratio(INSERT, SAVE_LIBRARY, INSERT_TARGET),
			new Ratio(SAVE_ALL_LIBRARY_REWRITTEN, SAVE_ALL_IDENTITY_REWRITTEN, SAVE_TARGET));

	/**
	 * Checks that the cases are those of {@link #CASES}, in that order.
	 * @param machine the machine
	 * @param postgres the PostgreSQL settings
	 * @param settings how much was run
	 * @param cases every case
	 * @param seconds how long the run took
	 */
	public DataJdbcInsertResult {
		cases = List.copyOf(cases);
		if (!cases.stream().map(CaseResult::name).toList().equals(CASES)) {
			throw new IllegalArgumentException("cases " + CASES + " expected, not " + cases.stream().map(CaseResult::name).toList());
		}
	}

	/**
	 * One ratio of median rates and its target.
	 * @param ours the case measured
	 * @param peer the case it is measured against
	 * @param target the least ratio that meets the target
	 */
	public record Ratio(String ours, String peer, double target) {

		/** {@code ours/peer}. */
		public String name() {
			return this.ours + "/" + this.peer;
		}

	}

	/**
	 * The statements one case sent for a number of aggregates.
	 * @param aggregates the aggregates written while counting
	 * @param inserts INSERT statements, each row of a JDBC batch counted
	 * @param selects SELECT statements
	 * @param others any other statement
	 * @param executions round trips: a JDBC batch is one
	 */
	public record Statements(int aggregates, long inserts, long selects, long others, long executions) {

		static Statements of(int aggregates, List<String> sql, long executions) {
			long inserts = sql.stream().filter(statement -> StatementCountingDataSource.verb(statement).equals("insert")).count();
			long selects = sql.stream().filter(statement -> StatementCountingDataSource.verb(statement).equals("select")).count();
			return new Statements(aggregates, inserts, selects, sql.size() - inserts - selects, executions);
		}

		double per(long count) {
			return (double) count / this.aggregates;
		}

	}

	/**
	 * What one case measured.
	 * @param name its short name, one of {@link #CASES}
	 * @param description what it calls
	 * @param roundRates aggregates/s in each round, in round order
	 * @param statements its counted statements
	 */
	public record CaseResult(String name, String description, List<Double> roundRates, Statements statements) {

		public double median() {
			return Figures.median(this.roundRates);
		}

	}

	/**
	 * A case by its name.
	 * @param name one of {@link #CASES}
	 * @return its result
	 */
	public CaseResult kase(String name) {
		return this.cases.get(CASES.indexOf(name));
	}

	/**
	 * A ratio of the median rates.
	 * @param ratio which
	 * @return ours / peer
	 */
	public double ratio(Ratio ratio) {
		return kase(ratio.ours()).median() / kase(ratio.peer()).median();
	}

	/**
	 * A ratio in each round, where both cases took turns.
	 * @param ratio which
	 * @return ours / peer per round
	 */
	public List<Double> roundRatios(Ratio ratio) {
		List<Double> ours = kase(ratio.ours()).roundRates();
		List<Double> peer = kase(ratio.peer()).roundRates();
		return IntStream.range(0, ours.size()).mapToObj(r -> ours.get(r) / peer.get(r)).toList();
	}

	public boolean met(Ratio ratio) {
		return ratio(ratio) >= ratio.target();
	}

	/** The cases with targets that write aggregates with library IDs. */
	private static final List<String> LIBRARY_WRITES = List.of(SAVE_LIBRARY, INSERT, SAVE_ALL_LIBRARY, SAVE_ALL_LIBRARY_REWRITTEN);

	/** No SELECT in any case that writes aggregates with library IDs: no look-up before the INSERT. */
	public boolean noLookups() {
		return LIBRARY_WRITES.stream().allMatch(name -> kase(name).statements().selects() == 0);
	}

	/** {@code saveAll(library)} takes no more round trips per aggregate than {@code saveAll(identity)}: batching kept. */
	public boolean batchingKept() {
		Statements ours = kase(SAVE_ALL_LIBRARY).statements();
		Statements peer = kase(SAVE_ALL_IDENTITY).statements();
		return ours.per(ours.executions()) <= peer.per(peer.executions());
	}

	/** The one line a run prints last. */
	public String summaryLine() {
		StringBuilder line = new StringBuilder("data-jdbc insert benchmark:");
		for (Ratio ratio : RATIOS) {
			line.append(String.format(Locale.ROOT, " %s=%.2f (target %.2f)", ratio.name(), ratio(ratio), ratio.target()));
		}
		Statements batch = kase(SAVE_ALL_LIBRARY).statements();
		return line.append(" saveAll(library) round trips per aggregate=")
			.append(Figures.perUnit(batch.per(batch.executions())))
			.toString();
	}

	/** Ours against each peer, in the shape of {@code summary.json}. */
	public List<Report.Entry> entries() {
		String name = "Spring Data JDBC inserts of an order and 2 lines, PostgreSQL, median of " + this.settings.rounds() + " rounds";
		List<Report.Entry> entries = new ArrayList<>();
		for (Ratio ratio : RATIOS) {
			CaseResult ours = kase(ratio.ours());
			CaseResult peer = kase(ratio.peer());
			entries.add(new Report.Entry(name, ours.description(), peer.description(), "aggregates/s", Figures.round(ours.median()),
					Figures.round(peer.median()), Figures.round(ratio(ratio))));
			Statements mine = ours.statements();
			Statements theirs = peer.statements();
			double myTrips = mine.per(mine.executions());
			double theirTrips = theirs.per(theirs.executions());
			entries.add(new Report.Entry(name, ours.description(), peer.description(), "round trips per aggregate",
					Figures.round(myTrips), Figures.round(theirTrips), Figures.round(myTrips / theirTrips)));
		}
		return entries;
	}

	public String markdown() {
		StringBuilder md = new StringBuilder("# Spring Data JDBC insert benchmark\n\n");
		md.append("Measured in one run on one machine; the cases took turns, so that they are compared side by side.\n\n");
		md.append("```text\n").append(summaryLine()).append("\n```\n\n");
		md.append("| machine | |\n|---|---|\n");
		this.machine.forEach((key, value) -> md.append("| ").append(key).append(" | ").append(value).append(" |\n"));
		md.append("\nPostgreSQL (embedded, zonky): ").append(this.postgres).append("\n\n");
		md.append("Two Spring Boot applications on one database, each with its Hikari pool and Spring Data JDBC (PgJDBC defaults): ")
			.append("Spring Data JDBC alone for the identity key, as an application without the library has it, and with the ")
			.append("time-sorted-id starter for Spring Data JDBC for the library's keys; and the same two again with ")
			.append("`spring.datasource.hikari.data-source-properties.reWriteBatchedInserts=true` for the ")
			.append(String.join(" and ", REWRITTEN)).append(" cases. An aggregate is an order row ")
			.append("(customer, total, time) and 2 line rows. Every call is made outside any transaction: one repository call, ")
			.append("one transaction. ")
			.append(String.format(Locale.ROOT,
					"%d unmeasured rounds first, then %d rounds, each of %,d aggregates per one-per-transaction case and %,d "
							+ "per saveAll() case (calls of %d), in %d turns per case whose order rotates, into tables emptied "
							+ "before each round (so that no case writes into tables that earlier rounds filled more than "
							+ "its peer's); then %,d aggregates "
							+ "per case whose statements were counted (datasource-proxy, not timed). %.0f s in all.%n",
					this.settings.warmupRounds(), this.settings.rounds(), this.settings.rows(), this.settings.batchRows(),
					this.settings.batchSize(), DataJdbcInsertBenchmark.TURNS_PER_ROUND, this.settings.counted(), this.seconds));
		md.append("\n## Targets\n\n| target | measured | met |\n|---|---|---|\n");
		for (Ratio ratio : RATIOS) {
			md.append("| ").append(ratio.ours()).append(": at least ").append(String.format(Locale.ROOT, "%.2f", ratio.target()))
				.append("x the aggregates/s of ").append(ratio.peer()).append(" | ")
				.append(String.format(Locale.ROOT, "%s vs %s aggregates/s: %.2fx", Figures.rate(kase(ratio.ours()).median()),
						Figures.rate(kase(ratio.peer()).median()), ratio(ratio)))
				.append(" | ").append(Figures.yes(met(ratio))).append(" |\n");
		}
		md.append("| ").append(String.join(", ", LIBRARY_WRITES)).append(": no SELECT | ")
			.append(LIBRARY_WRITES.stream()
				.map(name -> kase(name).statements().selects() + " SELECT in " + name)
				.reduce((a, b) -> a + ", " + b).orElseThrow())
			.append(" | ").append(Figures.yes(noLookups())).append(" |\n");
		Statements ours = kase(SAVE_ALL_LIBRARY).statements();
		Statements peer = kase(SAVE_ALL_IDENTITY).statements();
		md.append("| saveAll(library): no more round trips per aggregate than saveAll(identity) (batching kept) | ")
			.append(Figures.perUnit(ours.per(ours.executions()))).append(" vs ").append(Figures.perUnit(peer.per(peer.executions())))
			.append(" | ").append(Figures.yes(batchingKept())).append(" |\n");
		md.append("\n## Aggregates per second\n\n| case | call |");
		int rounds = this.settings.rounds();
		IntStream.rangeClosed(1, rounds).forEach(r -> md.append(" round ").append(r).append(" |"));
		md.append(" median | INSERT / aggregate | SELECT / aggregate | other / aggregate | round trips / aggregate |\n|---|---|");
		md.append("---|".repeat(rounds)).append("---|---|---|---|---|\n");
		for (CaseResult kase : this.cases) {
			md.append("| ").append(kase.name()).append(" | ").append(kase.description()).append(" |");
			kase.roundRates().forEach(rate -> md.append(' ').append(Figures.rate(rate)).append(" |"));
			Statements statements = kase.statements();
			md.append(' ').append(Figures.rate(kase.median())).append(" | ")
				.append(Figures.perUnit(statements.per(statements.inserts()))).append(" | ")
				.append(Figures.perUnit(statements.per(statements.selects()))).append(" | ")
				.append(Figures.perUnit(statements.per(statements.others()))).append(" | ")
				.append(Figures.perUnit(statements.per(statements.executions()))).append(" |\n");
		}
		for (Ratio ratio : RATIOS) {
			md.append("| ").append(ratio.name()).append(" | |");
			roundRatios(ratio).forEach(each -> md.append(String.format(Locale.ROOT, " %.2fx |", each)));
			md.append(String.format(Locale.ROOT, " %.2fx | | | | |%n", ratio(ratio)));
		}
		md.append("\n").append(SAVE_ALL_BINARY).append(" and ").append(SAVE_ALL_SNOWFLAKE)
			.append(" have no target: the first stores the IDs of saveAll(library) as a 16-byte `uuid`, the second's `bigint` key ")
			.append("is as wide as the identity key, so that what differs between them and saveAll(library) is the width of the key. ")
			.append(INSERT_ALL).append(" has none either: the retry-safe batch of aggregates whose IDs were set ahead, as an import ")
			.append("file carries them, looks them up (one SELECT of the roots with their IDs per call, which finds none) before ")
			.append("its batch of INSERTs.\n");
		md.append("\nWith `reWriteBatchedInserts=true` PgJDBC sends a JDBC batch of INSERTs as multi-row INSERTs, but not ")
			.append("a batch whose generated keys it must return: the identity-keyed order rows still go one row per statement, ")
			.append("their lines (keyed by the order) are rewritten; every row of the library's aggregates is.\n");
		md.append("\nThe median ratio is the ratio of the medians. Statements are counted as PostgreSQL runs them: each row of ")
			.append("a JDBC batch is one INSERT; a round trip is one execution, a batch or a single statement; the transaction's ")
			.append("commit is not a statement.\n");
		return md.toString();
	}

	/**
	 * Writes {@code data-jdbc-inserts.json} and {@code data-jdbc-inserts.md}.
	 * @param directory where
	 * @throws IOException if a file cannot be written
	 */
	public void write(Path directory) throws IOException {
		Files.createDirectories(directory);
		JsonMapper json = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
		Files.writeString(directory.resolve(DataJdbcInsertBenchmark.FILE_NAME + ".json"), json.writeValueAsString(entries()) + "\n");
		Files.writeString(directory.resolve(DataJdbcInsertBenchmark.FILE_NAME + ".md"), markdown());
	}

}
