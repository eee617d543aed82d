package io.github.timesortedid.benchmarks;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The command line of {@code benchmarks.jar} ({@link RunAll}): what it runs, and what it refuses. */
class CommandLineTests {

	private static CommandLine.Parsed<RunAll.Settings> parse(String... args) {
		return RunAll.COMMAND_LINE.parse(args, RunAll.Settings::from);
	}

	private static RunAll.Settings run(String... args) {
		CommandLine.Parsed<RunAll.Settings> parsed = parse(args);
		assertThat(parsed).isInstanceOf(CommandLine.Run.class);
		return ((CommandLine.Run<RunAll.Settings>) parsed).settings();
	}

	private static String refusal(String... args) {
		CommandLine.Parsed<RunAll.Settings> parsed = parse(args);
		assertThat(parsed).isInstanceOf(CommandLine.Refused.class);
		return ((CommandLine.Refused<RunAll.Settings>) parsed).reason();
	}

	@Test
	void withoutOptionsEverythingRunsWithTheDocumentedCounts() {
		assertThat(run()).isEqualTo(new RunAll.Settings(false, 200_000, 1_000_000, 3, true, true, Path.of("benchmarks/results")));
	}

	@Test
	void theReadmesOptionsWorkAsDocumented() {
		assertThat(run("--quick")).isEqualTo(new RunAll.Settings(true, 2_000, 4_000, 1, true, true, Path.of("benchmarks/results")));
		assertThat(run("--rows", "5000", "--big-rows", "20000", "--rounds", "5", "--skip-jmh", "--skip-inserts", "--out", "/tmp/results"))
			.isEqualTo(new RunAll.Settings(false, 5_000, 20_000, 5, false, false, Path.of("/tmp/results")));
		// --quick shortens only what is not given
		assertThat(run("--rows", "300", "--quick")).isEqualTo(new RunAll.Settings(true, 300, 4_000, 1, true, true,
				Path.of("benchmarks/results")));
		assertThat(run("--rows", "1", "--rows", "7").rows()).as("the last one counts").isEqualTo(7);
	}

	@Test
	void helpAnywhereAsksForTheUsageAndNothingElse() {
		for (List<String> args : List.of(List.of("--help"), List.of("-h"), List.of("--quick", "--help"),
				List.of("--bogus", "-h"), List.of("--rows", "5", "--help"))) {
			assertThat(parse(args.toArray(String[]::new))).as(args.toString()).isInstanceOf(CommandLine.Help.class);
		}
	}

	@Test
	void anOptionThatIsNotDeclaredIsRefusedByName() {
		assertThat(refusal("--bogus")).isEqualTo("unknown option: --bogus");
		assertThat(refusal("--quick", "--row", "5")).isEqualTo("unknown option: --row");
		assertThat(refusal("quick")).isEqualTo("unknown option: quick");
		assertThat(refusal("--rows=5")).isEqualTo("unknown option: --rows=5");
		assertThat(refusal("-help")).isEqualTo("unknown option: -help");
	}

	@Test
	void aMissingOrMalformedValueIsRefused() {
		assertThat(refusal("--rows")).isEqualTo("option --rows needs a value: --rows N");
		assertThat(refusal("--skip-jmh", "--out")).isEqualTo("option --out needs a value: --out DIR");
		assertThat(refusal("--rows", "ten")).isEqualTo("option --rows takes a whole number from 0 to 2147483647, not ten");
		assertThat(refusal("--rows", "-5")).endsWith(", not -5");
		assertThat(refusal("--big-rows", "2147483648")).endsWith(", not 2147483648");
		assertThat(refusal("--rows", "")).endsWith(", not ");
	}

	@Test
	void countsTheBenchmarkCannotRunAreRefused() {
		assertThat(refusal("--rows", "0")).isEqualTo("--rows takes at least 1 row, not 0");
		// the run with small shared_buffers reports tenths of its rows
		assertThat(refusal("--big-rows", "9")).isEqualTo("--big-rows takes at least 10 rows, not 9");
		assertThat(run("--big-rows", "10").bigRows()).isEqualTo(10);
		assertThat(refusal("--rounds", "0")).isEqualTo("--rounds takes at least 1 round, not 0");
	}

	@Test
	void theUsageListsEveryOptionWithItsDefaultAndDescription() {
		String usage = RunAll.COMMAND_LINE.usage();
		assertThat(usage).startsWith("Usage: java -jar benchmarks/target/benchmarks.jar [options]\n\n");
		List<String> lines = usage.lines().toList();
		for (CommandLine.Option option : RunAll.COMMAND_LINE.options()) {
			assertThat(lines).as(option.name()).filteredOn(line -> line.startsWith("  " + option.name() + " "))
				.singleElement()
				.satisfies(line -> assertThat(line).contains(option.description())
					.endsWith("(default: " + option.defaultValue() + ")"));
		}
		assertThat(RunAll.COMMAND_LINE.options()).extracting(CommandLine.Option::name)
			.containsExactly("--quick", "--rows", "--big-rows", "--rounds", "--skip-jmh", "--skip-inserts", "--out");
		assertThat(lines).contains("  --rows N        rows per key strategy in the insert benchmark (default: 200,000; 2,000 with --quick)",
				"  --out DIR       where the results and charts are written (default: benchmarks/results)",
				"  --skip-jmh      leave out the JMH benchmarks (generation, binary storage) (default: off)",
				"  -h, --help      print this help and exit");
	}

	@Test
	void anOptionDeclaredTwiceOrNamedLikeHelpIsAMistakeInTheProgram() {
		CommandLine.Option quick = CommandLine.Option.flag("--quick", "a smoke run");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new CommandLine("java Bench", "Benchmarks.", List.of(quick, quick)))
			.withMessageContaining("--quick");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new CommandLine("java Bench", "Benchmarks.", List.of(CommandLine.Option.flag("-h", "hide"))))
			.withMessageContaining("-h");
	}

}
