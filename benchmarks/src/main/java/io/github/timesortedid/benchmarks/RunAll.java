package io.github.timesortedid.benchmarks;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.benchmarks.inserts.InsertBenchmark;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark and writes the results: JMH generation benchmarks at 1 and 2 threads with
 * the GC profiler and the binary-storage conversions at 1 thread, then the insert benchmarks on embedded PostgreSQL (default settings, then a
 * larger run with small {@code shared_buffers}), then {@code summary.json}, {@code summary.md} and
 * the charts. The options are in {@link #COMMAND_LINE}; {@code --help} lists them.
 */
public final class RunAll {

	/** The default output directory of every benchmark, relative to the project root, where they are run. */
	public static final String RESULTS = "benchmarks/results";

	/** Rows per strategy of the insert benchmark, and with {@code --quick}. */
	static final int ROWS = 200_000;

	static final int QUICK_ROWS = 2_000;

	/** Rows per strategy of the run with small {@code shared_buffers}, and with {@code --quick}. */
	static final int BIG_ROWS = 1_000_000;

	static final int QUICK_BIG_ROWS = 4_000;

	/** Insert runs per strategy, and with {@code --quick}. */
	static final int ROUNDS = 3;

	static final int QUICK_ROUNDS = 1;

	/** What {@code java -jar benchmarks/target/benchmarks.jar} accepts. */
	public static final CommandLine COMMAND_LINE = new CommandLine("java -jar benchmarks/target/benchmarks.jar",
			"Runs every benchmark (JMH ID generation at 1 and 2 threads and binary-storage conversions at 1 thread,\n"
					+ "then inserts into embedded PostgreSQL) and writes summary.json, summary.md and the charts.\n"
					+ "The whole run takes about 30 minutes.",
			List.of(CommandLine.Option.flag("--quick", "a smoke run of a minute or two: short JMH iterations, few rows"),
					CommandLine.Option.number("--rows", ROWS, QUICK_ROWS,
							"rows per key strategy in the insert benchmark"),
					CommandLine.Option.number("--big-rows", BIG_ROWS, QUICK_BIG_ROWS,
							"rows per key strategy in the run with shared_buffers=16MB"),
					CommandLine.Option.number("--rounds", ROUNDS, QUICK_ROUNDS,
							"insert runs per key strategy, in turns; the run of median rows/s is reported"),
					CommandLine.Option.flag("--skip-jmh", "leave out the JMH benchmarks (generation, binary storage)"),
					CommandLine.Option.flag("--skip-inserts", "leave out the insert benchmarks"),
					CommandLine.Option.directory("--out", RESULTS, "where the results and charts are written")));

	private RunAll() {
	}

	/**
	 * Runs the benchmarks the command line asks for; see {@link #COMMAND_LINE}.
	 * @param args the options
	 * @throws Exception if a benchmark fails
	 */
	public static void main(String[] args) throws Exception {
		Settings run = COMMAND_LINE.parseOrExit(args, Settings::from);
		List<GenerationResult> generation = run.jmh() ? generation(run.quick()) : List.of();
		List<BinaryStorageResult> binaryStorage = run.jmh() ? binaryStorage(run.quick()) : List.of();
		Map<String, String> settings = Map.of();
		Map<String, String> smallSettings = Map.of();
		List<InsertBenchmark.Result> inserts = new ArrayList<>();
		List<InsertBenchmark.Result> bigInserts = new ArrayList<>();
		long rows = run.rows();
		long bigRows = run.bigRows();
		Path out = run.out();
		if (run.inserts()) {
			try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
				InsertBenchmark benchmark = new InsertBenchmark(postgres);
				settings = benchmark.settings();
				// an unmeasured pass first, so that no strategy pays for the JIT's warm-up
				for (InsertBenchmark.Strategy strategy : InsertBenchmark.STRATEGIES) {
					benchmark.run(strategy, Math.max(1000, rows / 10), Math.max(1000, rows / 10));
				}
				inserts.addAll(inTurns(InsertBenchmark.STRATEGIES, run.rounds(), strategy -> benchmark.run(strategy, rows, rows)));
			}
			try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().setServerConfig("shared_buffers", "16MB").start()) {
				InsertBenchmark benchmark = new InsertBenchmark(postgres);
				smallSettings = benchmark.settings();
				List<InsertBenchmark.Strategy> batched = InsertBenchmark.STRATEGIES.stream()
					.filter(strategy -> !strategy.label().startsWith("IDENTITY"))
					.toList();
				bigInserts.addAll(inTurns(batched, run.rounds(), strategy -> benchmark.run(strategy, bigRows, bigRows / 10)));
			}
		}
		Report report = new Report(Report.describeMachine(), generation, binaryStorage, settings, inserts, smallSettings, bigInserts);
		report.write(out);
		System.out.println(report.markdown());
		System.out.println("Wrote " + out.toAbsolutePath());
	}

	/**
	 * Runs every strategy {@code rounds} times, each round in an order rotated by one, so that a
	 * strategy is not always the one that runs after the same neighbour or while the machine is busy
	 * with something else; of each strategy's runs, the one of median rows/s stands for it. One run
	 * each, in a fixed order, gave ratios between the same two strategies from 0.93x to 1.12x.
	 */
	private static List<InsertBenchmark.Result> inTurns(List<InsertBenchmark.Strategy> strategies, int rounds,
			InsertRun run) throws SQLException {
		Map<InsertBenchmark.Strategy, List<InsertBenchmark.Result>> runs = new LinkedHashMap<>();
		for (int round = 0; round < rounds; round++) {
			for (int i = 0; i < strategies.size(); i++) {
				InsertBenchmark.Strategy strategy = strategies.get((i + round) % strategies.size());
				runs.computeIfAbsent(strategy, key -> new ArrayList<>()).add(log(run.run(strategy)));
			}
		}
		return strategies.stream().map(strategy -> {
			List<InsertBenchmark.Result> sorted = new ArrayList<>(runs.get(strategy));
			sorted.sort(Comparator.comparingDouble(InsertBenchmark.Result::rowsPerSecond));
			return sorted.get(sorted.size() / 2);
		}).toList();
	}

	/** One insert run of a strategy. */
	@FunctionalInterface
	private interface InsertRun {

		InsertBenchmark.Result run(InsertBenchmark.Strategy strategy) throws SQLException;

	}

	private static List<GenerationResult> generation(boolean quick) throws Exception {
		List<GenerationResult> results = new ArrayList<>();
		for (int threads : new int[] { 1, 2 }) {
			for (RunResult result : jmh(GenerationBenchmarks.class, threads, quick)) {
				results.add(new GenerationResult(result.getParams().getBenchmark(), threads, median(result),
						allocation(result)));
			}
		}
		return results;
	}

	private static List<BinaryStorageResult> binaryStorage(boolean quick) throws Exception {
		List<BinaryStorageResult> results = new ArrayList<>();
		for (RunResult result : jmh(BinaryStorageBenchmarks.class, 1, quick)) {
			results.add(new BinaryStorageResult(result.getParams().getBenchmark(), median(result), allocation(result)));
		}
		return results;
	}

	private static Collection<RunResult> jmh(Class<?> benchmarks, int threads, boolean quick) throws Exception {
		ChainedOptionsBuilder options = new OptionsBuilder().include(benchmarks.getName() + "\\.")
			.threads(threads)
			.addProfiler(GCProfiler.class);
		if (quick) {
			options.warmupIterations(1).warmupTime(TimeValue.milliseconds(200)).measurementIterations(2)
				.measurementTime(TimeValue.milliseconds(200)).forks(1);
		}
		return new Runner(options.build()).run();
	}

	/**
	 * The median score of all iterations of all forks of a JMH benchmark.
	 * @param result the benchmark's result
	 * @return the median of its primary score
	 */
	public static double median(RunResult result) {
		List<Double> scores = new ArrayList<>();
		for (BenchmarkResult fork : result.getBenchmarkResults()) {
			for (IterationResult iteration : fork.getIterationResults()) {
				scores.add(iteration.getPrimaryResult().getScore());
			}
		}
		scores.sort(Double::compare);
		int middle = scores.size() / 2;
		return (scores.size() % 2 == 1) ? scores.get(middle) : (scores.get(middle - 1) + scores.get(middle)) / 2;
	}

	private static double allocation(RunResult result) {
		Result<?> norm = result.getAggregatedResult().getSecondaryResults().get("gc.alloc.rate.norm");
		return (norm != null) ? norm.getScore() : Double.NaN;
	}

	private static InsertBenchmark.Result log(InsertBenchmark.Result result) {
		System.out.printf("inserts: %s key=%s rows=%d rows/s=%.0f pk=%d bytes table=%d bytes slices=%s%n",
				result.strategy(), result.keyType(), result.rows(), result.rowsPerSecond(), result.primaryKeyBytes(),
				result.tableBytes(), result.sliceRowsPerSecond());
		return result;
	}

	/**
	 * What one run does.
	 * @param quick short JMH iterations and few rows
	 * @param rows rows per strategy of the insert benchmark
	 * @param bigRows rows per strategy of the run with small {@code shared_buffers}
	 * @param rounds insert runs per strategy
	 * @param jmh whether the JMH generation benchmarks run
	 * @param inserts whether the insert benchmarks run
	 * @param out where the results are written
	 */
	record Settings(boolean quick, int rows, int bigRows, int rounds, boolean jmh, boolean inserts, Path out) {

		Settings {
			if (rows < 1) {
				throw new IllegalArgumentException("--rows takes at least 1 row, not " + rows);
			}
			// measured in slices of a tenth
			if (bigRows < 10) {
				throw new IllegalArgumentException("--big-rows takes at least 10 rows, not " + bigRows);
			}
			if (rounds < 1) {
				throw new IllegalArgumentException("--rounds takes at least 1 round, not " + rounds);
			}
		}

		static Settings from(CommandLine.Arguments arguments) {
			boolean quick = arguments.has("--quick");
			return new Settings(quick, arguments.number("--rows", quick ? QUICK_ROWS : ROWS),
					arguments.number("--big-rows", quick ? QUICK_BIG_ROWS : BIG_ROWS),
					arguments.number("--rounds", quick ? QUICK_ROUNDS : ROUNDS), !arguments.has("--skip-jmh"),
					!arguments.has("--skip-inserts"), Path.of(arguments.text("--out", RESULTS)));
		}

	}

}
