package io.github.timesortedid.lease;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.workers.WorkerApplication;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Four separate JVM processes, each a whole application instance, insert 25,000 rows each at the
 * same time into one embedded PostgreSQL: no primary-key collision. With {@code snowflake}, each
 * instance leases its own node ID from the database.
 */
class MultiInstanceTests {

	private static final int PROCESSES = 4;

	private static final int ROWS = 25_000;

	private static final Pattern REPORT = Pattern.compile("worker: inserted=(\\d+) node=(\\d+)");

	@ParameterizedTest
	@ValueSource(strings = { "snowflake", "uuidv7" })
	void fourProcessesInsertWithoutACollision(String algorithm) throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		String table = algorithm.equals("snowflake") ? "snowflake_entry" : "uuidv7_entry";
		jdbc.execute(algorithm.equals("snowflake") ? "CREATE TABLE snowflake_entry (id bigint PRIMARY KEY, seq integer NOT NULL)"
				: "CREATE TABLE uuidv7_entry (id varchar(30) COLLATE \"C\" PRIMARY KEY, seq integer NOT NULL)");
		String url;
		try (Connection connection = dataSource.getConnection()) {
			url = connection.getMetaData().getURL();
		}
		List<Process> processes = new ArrayList<>();
		List<Path> outputs = new ArrayList<>();
		for (int i = 0; i < PROCESSES; i++) {
			Path output = Files.createTempFile("worker-" + algorithm + "-", ".log");
			outputs.add(output);
			processes.add(new ProcessBuilder(javaExecutable(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
					WorkerApplication.class.getName(), url, "postgres", algorithm, String.valueOf(ROWS))
				.redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start());
		}
		long inserted = 0;
		Set<String> nodes = new HashSet<>();
		for (int i = 0; i < PROCESSES; i++) {
			assertThat(processes.get(i).waitFor(5, TimeUnit.MINUTES)).as("worker " + i + " finished").isTrue();
			String log = Files.readString(outputs.get(i));
			assertThat(processes.get(i).exitValue()).as("worker " + i + " exit code; its output:\n" + log).isZero();
			Matcher report = REPORT.matcher(log);
			assertThat(report.find()).as(log).isTrue();
			inserted += Long.parseLong(report.group(1));
			nodes.add(report.group(2));
		}
		long rows = jdbc.queryForObject("SELECT count(*) FROM " + table, Long.class);
		long distinct = jdbc.queryForObject("SELECT count(DISTINCT id) FROM " + table, Long.class);
		long expected = (long) PROCESSES * ROWS;
		long collisions = expected - distinct;
		System.out.printf("multi-instance: processes=%d rows=%d collisions=%d algorithm=%s%n", PROCESSES, rows, collisions,
				algorithm);
		assertThat(inserted).isEqualTo(expected);
		assertThat(rows).isEqualTo(expected);
		assertThat(collisions).isZero();
		if (algorithm.equals("snowflake")) {
			assertThat(nodes).as("each instance leased its own node").hasSize(PROCESSES);
		}
		// every worker released its lease when it stopped
		assertThat(jdbc.queryForObject("SELECT count(*) FROM time_sorted_id_node_lease", Long.class)).isZero();
	}

	private static String javaExecutable() {
		return System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
	}

}
