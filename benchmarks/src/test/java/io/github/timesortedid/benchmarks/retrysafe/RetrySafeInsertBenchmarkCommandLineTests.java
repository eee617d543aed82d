package io.github.timesortedid.benchmarks.retrysafe;

import java.nio.file.Path;

import io.github.timesortedid.benchmarks.CommandLine;
import io.github.timesortedid.benchmarks.retrysafe.RetrySafeInsertBenchmark.Invocation;
import io.github.timesortedid.benchmarks.retrysafe.RetrySafeInsertBenchmark.Settings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The retry-safe insert benchmark's own command line: the same parser, its own options and counts. */
class RetrySafeInsertBenchmarkCommandLineTests {

	private static CommandLine.Parsed<Invocation> parse(String... args) {
		return RetrySafeInsertBenchmark.COMMAND_LINE.parse(args, Invocation::from);
	}

	@Test
	void theOptionsSetTheCountsAndQuickChangesOnlyTheDefaults() {
		assertThat(parse()).isEqualTo(new CommandLine.Run<>(new Invocation(Settings.DEFAULT, Path.of("benchmarks/results"))));
		assertThat(parse("--quick", "--rounds", "4", "--out", "out")).isEqualTo(
				new CommandLine.Run<>(new Invocation(new Settings(300, 4, 300, 50), Path.of("out"))));
		assertThat(parse("--warmup", "0", "--rows", "10", "--counted", "5"))
			.isEqualTo(new CommandLine.Run<>(new Invocation(new Settings(0, 6, 10, 5), Path.of("benchmarks/results"))));
	}

	@Test
	void helpUnknownOptionsAndImpossibleCountsRunNothing() {
		assertThat(parse("--rows", "5", "-h")).isInstanceOf(CommandLine.Help.class);
		assertThat(parse("--big-rows", "5")).isEqualTo(new CommandLine.Refused<>("unknown option: --big-rows"));
		assertThat(parse("--rounds", "0")).isEqualTo(new CommandLine.Refused<>(
				"warm-up rows >= 0, rounds, rows per round and counted rows >= 1: 10000, 0, 5000, 100"));
	}

	@Test
	void theUsageShowsBothDefaults() {
		assertThat(RetrySafeInsertBenchmark.COMMAND_LINE.usage())
			.startsWith("Usage: java -cp benchmarks/target/benchmarks.jar " + RetrySafeInsertBenchmark.class.getName() + " [options]")
			.contains("  --warmup N   unmeasured rows per case before the timed rounds (default: 10,000; 300 with --quick)")
			.contains("  --counted N  rows per case whose statements are counted after the rounds (not timed) (default: 100; 50 with --quick)");
	}

}
