package io.github.timesortedid.sample;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import io.github.timesortedid.id.TypeId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app under Spring Boot DevTools keeps answering with typed IDs across restarts. DevTools
 * restarts only an application launched from its {@code main} method on the application class loader,
 * outside a test launcher, so the app runs in a child JVM on the module's runtime classpath plus a
 * directory of its own. Compiling a new controller into that directory, then changing it, makes
 * DevTools restart the application twice under new restart class loaders, which reload
 * {@code PostId} and the entities: after each restart, accounts and posts are created and read back
 * over HTTP, new IDs are minted, and the new controller takes a {@code PostId} path variable. Not in
 * the build's {@code aot-tests} run, which leaves DevTools out as AOT processing does.
 */
@DisabledIfSystemProperty(named = "sample.aot-tests", matches = "true")
class DevToolsRestartTests {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

	private static final Pattern TOMCAT_PORT = Pattern.compile("Tomcat started on port (\\d+)");

	private static final Pattern STARTED = Pattern.compile("Started SampleApplication in");

	private static final String PROBE_PACKAGE = "io.github.timesortedid.sample.devtools";

	@TempDir
	private Path work;

	@Test
	void typedIdsSurviveTwoRestarts() throws Exception {
		Path watched = Files.createDirectories(this.work.resolve("classes"));
		Path log = this.work.resolve("sample-app.log");
		List<String> classpath = new ArrayList<>(runtimeClasspath());
		classpath.add(watched.toString());
		Process app = start(classpath, log);
		try {
			HttpApi api = new HttpApi(awaitStart(app, log, 1));
			createAndRead(api);
			int previousLoader = 0;
			for (int generation = 1; generation <= 2; generation++) {
				compileProbe(generation, classpath, watched, this.work);
				api = new HttpApi(awaitStart(app, log, 1 + generation));
				String post = createAndRead(api);
				HttpApi.Response probe = api.get("/restart-probe/" + post);
				assertThat(probe.status()).as(String.valueOf(probe.body())).isEqualTo(200);
				assertThat(probe.body().get("generation").asInt()).isEqualTo(generation);
				assertThat(probe.text("id")).isEqualTo(post);
				assertThat(probe.text("type")).isEqualTo(PostId.class.getName());
				assertThat(probe.text("loader")).isEqualTo("org.springframework.boot.devtools.restart.classloader.RestartClassLoader");
				int loader = probe.body().get("loaderIdentity").asInt();
				assertThat(loader).as("a new restart class loader").isNotEqualTo(previousLoader);
				previousLoader = loader;
			}
			String output = Files.readString(log);
			assertThat(output).contains("restartedMain");
			assertThat(problems(output)).as(output).isEmpty();
		}
		finally {
			app.destroy();
			if (!app.waitFor(10, TimeUnit.SECONDS)) {
				app.destroyForcibly();
			}
		}
	}

	/** Creates an account and a post, reads both back by ID and mints new IDs; returns the post's ID. */
	private static String createAndRead(HttpApi api) {
		HttpApi.Response account = api.post("/accounts", "{\"name\": \"Ada\"}");
		assertThat(account.status()).isEqualTo(201);
		String accountId = new AccountId(account.text("id")).value();
		assertThat(TypeId.parse(accountId).uuid().version()).isEqualTo(7);
		assertThat(api.get("/accounts/" + accountId).text("name")).isEqualTo("Ada");

		HttpApi.Response post = api.post("/posts",
				"{\"accountId\": \"" + accountId + "\", \"title\": \"Hello\", \"body\": \"After a restart\"}");
		assertThat(post.status()).isEqualTo(201);
		String postId = new PostId(post.text("id")).value();
		assertThat(post.location()).isEqualTo("/posts/" + postId);
		HttpApi.Response read = api.get("/posts/" + postId);
		assertThat(read.status()).isEqualTo(200);
		assertThat(read.text("accountId")).isEqualTo(accountId);
		assertThat(read.text("body")).isEqualTo("After a restart");
		assertThat(api.get("/posts/" + accountId).status()).as("another type's ID").isEqualTo(400);

		String minted = api.get("/ids/new?type=post").text("id");
		assertThat(new PostId(minted).value()).isGreaterThan(postId);
		assertThat(TypeId.parse(minted).uuid().version()).isEqualTo(7);
		return postId;
	}

	/**
	 * The log entries (a line with its stack trace) that name an exception or an error, but for the one
	 * DevTools itself causes on every restart with H2 and HikariCP 7: its SHUTDOWN of the in-memory
	 * database succeeds, then closing the pooled connection clears the warnings of the closed database.
	 */
	private static List<String> problems(String log) {
		List<String> problems = new ArrayList<>();
		for (String entry : log.split("\\R(?=\\d{4}-\\d{2}-\\d{2}T)")) {
			boolean devToolsShutdown = entry.contains("'inMemoryDatabaseShutdownExecutor'")
					&& entry.contains("Database is already closed");
			if (!devToolsShutdown && (entry.contains("Exception") || entry.contains(" ERROR "))) {
				problems.add(entry);
			}
		}
		return problems;
	}

	/** The module's runtime classpath as surefire gives it, without the test classes. */
	private static List<String> runtimeClasspath() {
		String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
		return Arrays.stream(classpath.split(File.pathSeparator))
			.filter((entry) -> !entry.isBlank() && !Path.of(entry).endsWith("test-classes"))
			.toList();
	}

	private static Process start(List<String> classpath, Path log) throws IOException {
		Path java = Path.of(System.getProperty("java.home"), "bin", "java");
		List<String> command = List.of(java.toString(), "-Xmx384m", "-XX:TieredStopAtLevel=1", "-cp",
				String.join(File.pathSeparator, classpath), SampleApplication.class.getName(), "--server.port=0",
				"--spring.devtools.livereload.enabled=false", "--spring.devtools.restart.poll-interval=500ms",
				"--spring.devtools.restart.quiet-period=200ms",
				// DevTools logs each resolved exception, such as the 400 for another type's ID, which is no error
				"--spring.mvc.log-resolved-exception=false");
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
	}

	/**
	 * Waits until the application has started the given number of times (the first start and each
	 * restart log {@code Started SampleApplication}); returns the port Tomcat listens on since then.
	 */
	private static int awaitStart(Process app, Path log, int starts) throws IOException, InterruptedException {
		Instant deadline = Instant.now().plus(START_TIMEOUT);
		while (Instant.now().isBefore(deadline)) {
			String output = Files.readString(log);
			if (STARTED.matcher(output).results().count() >= starts) {
				Matcher port = TOMCAT_PORT.matcher(output);
				int last = -1;
				while (port.find()) {
					last = Integer.parseInt(port.group(1));
				}
				assertThat(last).as(output).isPositive();
				return last;
			}
			assertThat(app.isAlive()).as("the sample app exited:%n%s", output).isTrue();
			Thread.sleep(100);
		}
		throw new AssertionError("The sample app did not start " + starts + " time(s) in " + START_TIMEOUT + ":\n"
				+ Files.readString(log));
	}

	/**
	 * Compiles a controller that answers with its generation and the class loader of {@code PostId},
	 * and moves its class file into the watched directory in one step, so that DevTools sees the
	 * complete file: new on generation 1, changed on generation 2.
	 */
	private static void compileProbe(int generation, List<String> classpath, Path watched, Path work)
			throws IOException {
		// on the file system of the watched directory, so that the move is atomic
		Path staging = Files.createTempDirectory(work, "probe");
		Path source = staging.resolve("RestartProbe.java");
		Files.writeString(source, """
				package %s;

				import java.util.Map;

				import io.github.timesortedid.sample.PostId;
				import org.springframework.web.bind.annotation.GetMapping;
				import org.springframework.web.bind.annotation.PathVariable;
				import org.springframework.web.bind.annotation.RestController;

				@RestController
				class RestartProbe {

					@GetMapping("/restart-probe/{id}")
					Map<String, Object> probe(@PathVariable("id") PostId id) {
						ClassLoader loader = PostId.class.getClassLoader();
						return Map.of("generation", %d, "id", id, "type", id.getClass().getName(),
								"loader", loader.getClass().getName(), "loaderIdentity", System.identityHashCode(loader));
					}

				}
				""".formatted(PROBE_PACKAGE, generation), StandardCharsets.UTF_8);
		Path output = Files.createDirectories(staging.resolve("out"));
		JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
		int result = javac.run(null, null, null, "-proc:none", "-classpath", String.join(File.pathSeparator, classpath),
				"-d", output.toString(), source.toString());
		assertThat(result).as("javac").isZero();
		try (Stream<Path> compiled = Files.walk(output)) {
			for (Path file : compiled.filter((path) -> path.toString().endsWith(".class")).toList()) {
				Path target = watched.resolve(output.relativize(file));
				Files.createDirectories(target.getParent());
				Files.move(file, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			}
		}
	}

}
