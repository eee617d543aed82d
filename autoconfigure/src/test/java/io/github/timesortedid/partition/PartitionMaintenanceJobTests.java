package io.github.timesortedid.partition;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.shop.ShopApplication;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * When no instance of the application runs, a scheduled job runs the maintenance: the application
 * started with {@code time-sorted-id.partition-maintenance.run-once=true} maintains its partitioned
 * tables once and exits, with status 0 when the run succeeded, 1 when it failed and 2 when another
 * session held the lock. Run here as a cron job would run it, in a JVM of its own.
 */
class PartitionMaintenanceJobTests {

	@Test
	void theApplicationRunOnceMaintainsAndExitsWithTheStatusOfTheRun() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		Job first = Job.run(dataSource, "--spring.jpa.hibernate.ddl-auto=create");
		assertThat(first.status()).as("the first run's status; its output:\n" + first.output()).isZero();
		List<String> made = jdbc.queryForList("SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
				+ "WHERE i.inhparent = 'purchase_order'::regclass AND c.relname <> 'purchase_order_default' "
				+ "ORDER BY c.relname", String.class);
		assertThat(made).as("the current month and four ahead").hasSize(5);

		// the last month's partition detached by hand: the next run cannot make it, a table of its name is in the way
		jdbc.execute("ALTER TABLE purchase_order DETACH PARTITION " + made.get(4));
		Job second = Job.run(dataSource, "--spring.jpa.hibernate.ddl-auto=none");
		assertThat(second.status()).as("the second run's status; its output:\n" + second.output()).isEqualTo(1);
		assertThat(second.output()).contains("The partition maintenance failed: purchase_order (");
	}

	@Test
	void aRunThatAnotherSessionHoldsTheLockOfStopsWithStatusTwo() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		try (Connection holder = dataSource.getConnection(); Statement statement = holder.createStatement()) {
			statement.execute("SELECT pg_advisory_lock(" + 0x7473_6964_7061_7274L + ")");
			Throwable failure = catchThrowable(() -> new SpringApplicationBuilder(ShopApplication.class)
				.web(WebApplicationType.NONE)
				.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", dataSource))
				.properties("spring.jpa.hibernate.ddl-auto=create", "time-sorted-id.partitions.PurchaseOrder.interval=month",
						"time-sorted-id.partition-maintenance.run-once=true")
				.run()
				.close());
			// Spring Boot exits with the code of the first cause that is an ExitCodeGenerator
			Throwable cause = failure;
			while (cause != null && !(cause instanceof ExitCodeGenerator)) {
				cause = cause.getCause();
			}
			assertThat(cause).as("the failure: " + failure)
				.hasMessage("The partition maintenance did not run: another session holds its lock");
			assertThat(((ExitCodeGenerator) cause).getExitCode()).isEqualTo(2);
		}
	}

	/** On H2, where no table is partitioned, the job has nothing to do and ends the application at once. */
	@Test
	void withNoPartitionedTableTheJobEndsTheApplication() {
		ConfigurableApplicationContext job = new SpringApplicationBuilder(ShopApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", Database.H2.newDatabase()))
			.properties("spring.jpa.hibernate.ddl-auto=create", "time-sorted-id.partitions.PurchaseOrder.interval=month",
					"time-sorted-id.partition-maintenance.run-once=true")
			.run();
		assertThat(job.isActive()).isFalse();
	}

	/** The shop run as a job, in a JVM of its own, on the real clock. */
	private record Job(int status, String output) {

		static Job run(DataSource dataSource, String... arguments) throws Exception {
			String url;
			try (Connection connection = dataSource.getConnection()) {
				url = connection.getMetaData().getURL();
			}
			Path output = Files.createTempFile("partition-job-", ".log");
			output.toFile().deleteOnExit();
			List<String> command = new ArrayList<>(List.of(
					System.getProperty("java.home") + File.separator + "bin" + File.separator + "java", "-Xmx256m",
					"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
					ShopApplication.class.getName(), "--spring.datasource.url=" + url, "--spring.datasource.username=postgres",
					"--spring.main.web-application-type=none", "--time-sorted-id.partitions.PurchaseOrder.interval=month",
					"--time-sorted-id.partitions.Payment.interval=month", "--time-sorted-id.partition-maintenance.run-once=true"));
			command.addAll(List.of(arguments));
			Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
			try {
				assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("the job ended; its output:\n" + Files.readString(output))
					.isTrue();
				return new Job(process.exitValue(), Files.readString(output));
			}
			finally {
				process.destroyForcibly();
			}
		}

	}

}
