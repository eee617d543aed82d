package io.github.timesortedid.benchmarks;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code java -jar benchmarks.jar} as a user starts it: {@link RunAll#main} in a JVM of its own (the
 * jar's main class), on this test's class path. A run that started a benchmark would still be busy
 * after the time limit, and would write to its output directory.
 */
class RunAllTests {

	/** Starting a JVM and printing the usage takes a second or two; the quickest benchmark run, minutes. */
	private static final long LIMIT_SECONDS = 60;

	@Test
	void helpPrintsTheUsageAndExitsWithoutRunningAnything(@TempDir Path directory) throws Exception {
		Path out = directory.resolve("results");
		Result result = runAll(directory, "--quick", "--help", "--out", out.toString());
		assertThat(result.exitCode()).isZero();
		assertThat(result.stdout()).isEqualTo(RunAll.COMMAND_LINE.usage());
		assertThat(result.stderr()).isEmpty();
		assertThat(out).doesNotExist();
	}

	@Test
	void anUnknownOptionIsRefusedWithTheUsageAndExitStatusTwo(@TempDir Path directory) throws Exception {
		Path out = directory.resolve("results");
		Result result = runAll(directory, "--quick", "--skip-jmh", "--bogus", "--out", out.toString());
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.stderr()).isEqualTo("unknown option: --bogus\n\n" + RunAll.COMMAND_LINE.usage());
		assertThat(result.stdout()).isEmpty();
		assertThat(out).doesNotExist();
	}

	private static Result runAll(Path directory, String... args) throws Exception {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), RunAll.class.getName()));
		command.addAll(List.of(args));
		File stdout = directory.resolve("stdout.txt").toFile();
		File stderr = directory.resolve("stderr.txt").toFile();
		Process process = new ProcessBuilder(command).directory(directory.toFile())
			.redirectOutput(stdout)
			.redirectError(stderr)
			.start();
		boolean finished = process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS);
		if (!finished) {
			// a benchmark run forks JMH's JVMs: they go too
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly().waitFor();
		}
		assertThat(finished).as("RunAll %s finished within %d s", List.of(args), LIMIT_SECONDS).isTrue();
		return new Result(process.exitValue(), Files.readString(stdout.toPath()), Files.readString(stderr.toPath()));
	}

	private record Result(int exitCode, String stdout, String stderr) {
	}

}
