package io.github.timesortedid.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
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
 * the GC profiler, then the insert benchmarks on embedded PostgreSQL (default settings, then a
 * larger run with small {@code shared_buffers}), then {@code summary.json}, {@code summary.md} and
 * the charts. Options: {@code --quick} (short iterations, few rows: a smoke run), {@code --rows N},
 * {@code --big-rows N}, {@code --out DIR}, {@code --skip-jmh}, {@code --skip-inserts}.
 */
public final class RunAll {

	private RunAll() {
	}

	public static void main(String[] args) throws Exception {
		boolean quick = has(args, "--quick");
		long rows = Long.parseLong(option(args, "--rows", quick ? "2000" : "200000"));
		long bigRows = Long.parseLong(option(args, "--big-rows", quick ? "4000" : "1000000"));
		Path out = Path.of(option(args, "--out", "benchmarks/results"));
		List<GenerationResult> generation = has(args, "--skip-jmh") ? List.of() : generation(quick);
		Map<String, String> settings = Map.of();
		Map<String, String> smallSettings = Map.of();
		List<InsertBenchmark.Result> inserts = new ArrayList<>();
		List<InsertBenchmark.Result> bigInserts = new ArrayList<>();
		if (!has(args, "--skip-inserts")) {
			try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
				InsertBenchmark benchmark = new InsertBenchmark(postgres);
				settings = benchmark.settings();
				// an unmeasured pass first, so that no strategy pays for the JIT's warm-up
				for (InsertBenchmark.Strategy strategy : InsertBenchmark.STRATEGIES) {
					benchmark.run(strategy, Math.max(1000, rows / 10), Math.max(1000, rows / 10));
				}
				for (InsertBenchmark.Strategy strategy : InsertBenchmark.STRATEGIES) {
					inserts.add(log(benchmark.run(strategy, rows, rows)));
				}
			}
			try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().setServerConfig("shared_buffers", "16MB").start()) {
				InsertBenchmark benchmark = new InsertBenchmark(postgres);
				smallSettings = benchmark.settings();
				for (InsertBenchmark.Strategy strategy : InsertBenchmark.STRATEGIES) {
					if (!strategy.label().startsWith("IDENTITY")) {
						bigInserts.add(log(benchmark.run(strategy, bigRows, bigRows / 10)));
					}
				}
			}
		}
		Report report = new Report(Report.describeMachine(), generation, settings, inserts, smallSettings, bigInserts);
		report.write(out);
		System.out.println(report.markdown());
		System.out.println("Wrote " + out.toAbsolutePath());
	}

	private static List<GenerationResult> generation(boolean quick) throws Exception {
		List<GenerationResult> results = new ArrayList<>();
		for (int threads : new int[] { 1, 2 }) {
			ChainedOptionsBuilder options = new OptionsBuilder().include(GenerationBenchmarks.class.getName() + "\\.")
				.threads(threads)
				.addProfiler(GCProfiler.class);
			if (quick) {
				options.warmupIterations(1).warmupTime(TimeValue.milliseconds(200)).measurementIterations(2)
					.measurementTime(TimeValue.milliseconds(200)).forks(1);
			}
			Collection<RunResult> run = new Runner(options.build()).run();
			for (RunResult result : run) {
				results.add(new GenerationResult(result.getParams().getBenchmark(), threads, median(result),
						allocation(result)));
			}
		}
		return results;
	}

	private static double median(RunResult result) {
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
		System.out.printf("inserts: %s rows=%d rows/s=%.0f pk=%d bytes table=%d bytes slices=%s%n", result.strategy(),
				result.rows(), result.rowsPerSecond(), result.primaryKeyBytes(), result.tableBytes(),
				result.sliceRowsPerSecond());
		return result;
	}

	private static boolean has(String[] args, String flag) {
		return List.of(args).contains(flag);
	}

	private static String option(String[] args, String name, String fallback) {
		List<String> list = List.of(args);
		int at = list.indexOf(name);
		return (at >= 0 && at + 1 < list.size()) ? list.get(at + 1) : fallback;
	}

}
