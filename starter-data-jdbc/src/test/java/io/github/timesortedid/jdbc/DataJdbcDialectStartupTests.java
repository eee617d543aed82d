package io.github.timesortedid.jdbc;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import io.github.timesortedid.jdbc.plain.MariaDbDialectConfiguration;
import io.github.timesortedid.jdbc.plain.NoteApplication;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring Data JDBC application on MariaDB that starts while its database refuses connections: with
 * {@code spring.data.jdbc.dialect=maria} Spring Boot still asks a connection for the dialect and
 * startup fails at once in that bean, before the library's checks; with the dialect declared as a
 * bean nothing connects before them, and the schema check waits within its retry timeout and then
 * fails with its failure analysis (as databases.adoc says).
 */
class DataJdbcDialectStartupTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withPropertyValues("spring.datasource.url=jdbc:mariadb://127.0.0.1:" + closedPort() + "/notes",
				"spring.datasource.username=root", "time-sorted-id.schema-check.retry-timeout=1s")
		.withUserConfiguration(NoteApplication.class)
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, JdbcTemplateAutoConfiguration.class,
				DataSourceTransactionManagerAutoConfiguration.class, DataJdbcRepositoriesAutoConfiguration.class,
				TimeSortedIdAutoConfiguration.class, TimeSortedIdDataJdbcAutoConfiguration.class));

	@Test
	void aNamedMariaDbDialectStillConnectsBeforeTheChecks() {
		this.runner.withPropertyValues("spring.data.jdbc.dialect=maria").run(context -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining("jdbcDialect");
			assertThat(context.getStartupFailure()).rootCause().isInstanceOf(ConnectException.class);
		});
	}

	@Test
	void aDialectBeanLetsTheSchemaCheckWaitForTheDatabase() {
		this.runner.withUserConfiguration(MariaDbDialectConfiguration.class).run(context -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).startsWith("The schema check of the @TimeSortedId columns could not read the database")
				.contains("a transient failure");
			assertThat(analysis.getAction()).contains("time-sorted-id.schema-check.retry-timeout");
		});
	}

	/** A port nothing listens on: taken and given back. */
	private static int closedPort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
