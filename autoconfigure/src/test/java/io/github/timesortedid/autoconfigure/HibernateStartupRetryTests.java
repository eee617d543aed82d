package io.github.timesortedid.autoconfigure;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.timesortedid.model.StartupCheckException;
import io.github.timesortedid.sql.fixtures.MigrationApplication;
import io.github.timesortedid.sql.fixtures.Post;
import io.github.timesortedid.sql.fixtures.PostRepository;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import io.github.timesortedid.testsupport.TcpFaultProxy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Hibernate's own reads at boot on a PostgreSQL server behind a {@link TcpFaultProxy}, with the
 * driver's {@code socketTimeout} of 1 s and Spring Boot's pool as an application has it: answers
 * held back for a while past the timeout (the JDBC metadata Hibernate's dialect comes from,
 * {@code ddl-auto=validate}'s reads) no longer fail the start; a schema that differs still fails
 * at once, and a server that stays slow fails with the failure analysis.
 */
class HibernateStartupRetryTests {

	private PGSimpleDataSource postgres;

	private TcpFaultProxy network;

	@BeforeEach
	void database() throws Exception {
		this.postgres = (PGSimpleDataSource) Database.POSTGRESQL.newDatabase();
		this.network = new TcpFaultProxy(this.postgres.getPortNumbers()[0]);
	}

	@AfterEach
	void close() throws Exception {
		this.network.close();
	}

	@Test
	void theDialectsMetadataReadIsTriedAgainAfterLateAnswers() {
		try (ConfigurableApplicationContext created = start("spring.jpa.hibernate.ddl-auto=create")) {
			created.getBean(PostRepository.class).save(new Post("before"));
		}
		lateFor(Duration.ofMillis(2500));
		// no dialect configured: Hibernate reads it from the connection's metadata, the first read of the start
		try (ConfigurableApplicationContext blog = start("spring.jpa.hibernate.ddl-auto=validate")) {
			assertThat(blog.getBean(PostRepository.class).count()).isEqualTo(1);
		}
		assertThat(this.network.lagged()).as("answers held back").isPositive();
	}

	@Test
	void validatesReadsAreTriedAgainAfterLateAnswers() {
		start("spring.jpa.hibernate.ddl-auto=create").close();
		lateFor(Duration.ofMillis(2500));
		// nothing read before validate: the dialect configured, Hibernate's metadata read and the starter's check off
		try (ConfigurableApplicationContext blog = start("spring.jpa.hibernate.ddl-auto=validate",
				"spring.jpa.database-platform=org.hibernate.dialect.PostgreSQLDialect",
				"spring.jpa.properties.hibernate.boot.allow_jdbc_metadata_access=false",
				"time-sorted-id.schema-check.enabled=false")) {
			assertThat(blog.getBean(PostRepository.class).count()).isZero();
		}
		assertThat(this.network.lagged()).as("answers held back").isPositive();
	}

	@Test
	void aSchemaThatDiffersFailsAtOnce() {
		// no tables: validate's failure is no read's, and is not tried again
		Throwable failure = catchThrowable(() -> start("spring.jpa.hibernate.ddl-auto=validate",
				"time-sorted-id.schema-check.enabled=false", "time-sorted-id.schema-check.retry-timeout=60s").close());
		assertThat(failure).hasStackTraceContaining("Schema validation: missing table");
		assertThat(failure).hasStackTraceContaining("Schema validation: missing table");
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			assertThat(cause).as("not tried again").isNotInstanceOf(StartupCheckException.class);
		}
	}

	@Test
	void aServerThatStaysSlowFailsWithTheAnalysisOnceTheTimeoutHasPassed() {
		this.network.lag(1.0, Duration.ofMillis(1500));
		Throwable failure = catchThrowable(
				() -> start("spring.jpa.hibernate.ddl-auto=validate", "time-sorted-id.schema-check.retry-timeout=3s").close());
		FailureAnalysis analysis = FailureAnalyses.of(failure);
		assertThat(analysis.getDescription()).startsWith("Hibernate's start-up reads (the dialect's JDBC metadata, ddl-auto's tables) could not read the database: ")
			.contains("SQLState 08", "a transient failure");
		assertThat(analysis.getAction()).contains("time-sorted-id.schema-check.retry-timeout");
	}

	private void lateFor(Duration time) {
		this.network.lag(1.0, Duration.ofMillis(1500));
		CompletableFuture.delayedExecutor(time.toMillis(), TimeUnit.MILLISECONDS)
			.execute(() -> this.network.lag(0, Duration.ZERO));
	}

	private ConfigurableApplicationContext start(String... properties) {
		String url = "jdbc:postgresql://localhost:" + this.network.port() + "/" + this.postgres.getDatabaseName()
				+ "?socketTimeout=1&connectTimeout=2";
		return new SpringApplicationBuilder(MigrationApplication.class).web(WebApplicationType.NONE)
			.properties("spring.datasource.url=" + url, "spring.datasource.username=" + this.postgres.getUser(),
					"spring.datasource.password=" + this.postgres.getPassword(), "spring.jpa.open-in-view=false",
					"logging.level.io.zonky.test.db.postgres=warn")
			.properties(properties)
			.run();
	}

}
