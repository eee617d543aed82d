package io.github.timesortedid.autoconfigure;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.timesortedid.model.ConnectionSource;
import io.github.timesortedid.model.StartupCheckException;
import io.github.timesortedid.model.StartupRetry;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import io.github.timesortedid.testsupport.TcpFaultProxy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The start-up checks' reads on a PostgreSQL server behind a {@link TcpFaultProxy}, with the
 * driver's {@code socketTimeout} of 1 s: answers held back past it are tried again on a new
 * connection until the retry timeout, a failure that is not transient ends the reads at once, and
 * what gives up says which check, the cause and how many attempts.
 */
class StartupCheckRetryTests {

	private PGSimpleDataSource postgres;

	private TcpFaultProxy network;

	@BeforeEach
	void database() throws Exception {
		this.postgres = (PGSimpleDataSource) Database.POSTGRESQL.newDatabase();
		this.network = new TcpFaultProxy(this.postgres.getPortNumbers()[0]);
		this.postgres.setPortNumbers(new int[] { this.network.port() });
		this.postgres.setSocketTimeout(1);
	}

	@AfterEach
	void close() throws Exception {
		this.network.close();
	}

	@Test
	void answersLateForAWhileAreTriedAgainUntilTheyCome() throws Exception {
		AtomicInteger attempts = new AtomicInteger();
		this.network.lag(1.0, Duration.ofMillis(1500));
		CompletableFuture.delayedExecutor(2500, TimeUnit.MILLISECONDS).execute(() -> this.network.lag(0, Duration.ZERO));
		Integer tables = new StartupCheckRetry(Duration.ofSeconds(10)).read("The schema check", counting(attempts),
				connection -> count(connection, "SELECT count(*) FROM information_schema.tables"));
		assertThat(tables).isPositive();
		assertThat(attempts.get()).as("attempts").isGreaterThan(1);
	}

	@Test
	void aDatabaseThatStaysSlowFailsStartupOnceTheTimeoutHasPassed() throws Exception {
		this.network.lag(1.0, Duration.ofMillis(1500));
		StartupCheckException failure = catchThrowableOfType(StartupCheckException.class,
				() -> new StartupCheckRetry(Duration.ofSeconds(3)).read("The shards' check, on shard ds_1,",
						this.postgres::getConnection, connection -> count(connection, "SELECT 1")));
		assertThat(failure.getAttempts()).isGreaterThan(1);
		assertThat(failure.isTransientFailure()).isTrue();
		FailureAnalysis analysis = FailureAnalyses.of(failure);
		assertThat(analysis.getDescription()).startsWith("The shards' check, on shard ds_1, could not read the database: ")
			.contains("SQLState 08", "attempts, a transient failure");
		assertThat(analysis.getAction()).contains("time-sorted-id.schema-check.retry-timeout");
	}

	@Test
	void aFailureThatIsNotTransientFailsAtOnce() {
		AtomicInteger attempts = new AtomicInteger();
		StartupCheckException failure = catchThrowableOfType(StartupCheckException.class,
				() -> new StartupCheckRetry(Duration.ofSeconds(10)).read("The schema check", counting(attempts),
						connection -> count(connection, "SELECT count(*) FROM no_such_table")));
		assertThat(attempts.get()).isEqualTo(1);
		assertThat(failure.isTransientFailure()).isFalse();
		assertThat(FailureAnalyses.of(failure).getDescription()).contains("no_such_table", "SQLState 42P01", "1 attempt");
		assertThat(FailureAnalyses.of(failure).getAction()).contains("time-sorted-id.schema-check.enabled=false");
	}

	@Test
	void plainHibernateReadsOnce() throws Exception {
		AtomicInteger attempts = new AtomicInteger();
		this.network.lag(1.0, Duration.ofMillis(1500));
		StartupCheckException failure = catchThrowableOfType(StartupCheckException.class,
				() -> StartupRetry.ONCE.read("The schema check", counting(attempts), connection -> count(connection, "SELECT 1")));
		assertThat(failure).isNotNull();
		assertThat(attempts.get()).isEqualTo(1);
	}

	/** The server's connections, each attempt's own, counted. */
	private ConnectionSource counting(AtomicInteger attempts) {
		return () -> {
			attempts.incrementAndGet();
			return this.postgres.getConnection();
		};
	}

	private static int count(Connection connection, String sql) throws java.sql.SQLException {
		try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getInt(1);
		}
	}

}
