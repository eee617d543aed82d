package io.github.timesortedid.lease;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.lease.LeaseApplication;
import io.github.timesortedid.hibernate.TimeSortedIdConfigurationException;
import io.github.timesortedid.hibernate.TimeSortedIdRegistry;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.testsupport.CuttableDataSource;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Node IDs leased from the application's own database, on H2, PostgreSQL and MariaDB. */
class NodeLeaseTests {

	private static final String SNOWFLAKE_AUTO = "time-sorted-id.snowflake.node-id=auto";

	private static ConfigurableApplicationContext start(DataSource dataSource, String... properties) {
		SpringApplicationBuilder builder = new SpringApplicationBuilder(LeaseApplication.class).web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties(properties);
		// Spring Boot initialises the JVM's logging per application, which is not safe for sixteen
		// applications starting at once in one JVM; the test's logging is already set up
		SpringApplication application = builder.application();
		application.setListeners(application.getListeners()
			.stream()
			.filter(listener -> !(listener instanceof LoggingApplicationListener))
			.toList());
		return builder.run();
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void sixteenContextsStartingAtOnceGetSixteenDistinctNodes(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		ExecutorService starters = Executors.newFixedThreadPool(16);
		List<ConfigurableApplicationContext> contexts = new ArrayList<>();
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<ConfigurableApplicationContext>> started = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				started.add(starters.submit(() -> {
					go.await();
					return start(dataSource, SNOWFLAKE_AUTO);
				}));
			}
			go.countDown();
			for (Future<ConfigurableApplicationContext> context : started) {
				contexts.add(context.get());
			}
			Set<Integer> nodes = new HashSet<>();
			for (ConfigurableApplicationContext context : contexts) {
				int node = context.getBean(NodeLease.class).nodeId();
				nodes.add(node);
				// the snowflake generator makes its IDs with the leased node
				LongIdAlgorithm snowflake = (LongIdAlgorithm) context.getBean(TimeSortedIdRegistry.class).algorithm("snowflake");
				assertThat((snowflake.nextLong() >> 12) & 0x3FF).isEqualTo(node);
			}
			assertThat(nodes).as(database.label()).hasSize(16);
			assertThat(new JdbcTemplate(dataSource).queryForObject("SELECT count(*) FROM time_sorted_id_node_lease", Long.class))
				.isEqualTo(16);
		}
		finally {
			contexts.forEach(ConfigurableApplicationContext::close);
			starters.shutdownNow();
		}
		// closing released every node
		assertThat(new JdbcTemplate(dataSource).queryForObject("SELECT count(*) FROM time_sorted_id_node_lease", Long.class))
			.isZero();
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aHolderThatCannotRenewStopsBeforeItsLeaseExpiresAndLosesTheNodeOnlyAfterTheTtl(Database database)
			throws Exception {
		DataSource dataSource = database.newDatabase();
		CuttableDataSource holdersNetwork = new CuttableDataSource(dataSource);
		Duration ttl = Duration.ofSeconds(3);
		NodeLease.Options onlyNode5 = new NodeLease.Options("node_lease", ttl, Duration.ofMillis(500), 5, 5, Clock.systemUTC());
		long claimed = System.nanoTime();
		try (NodeLease holder = NodeLease.acquire(holdersNetwork, onlyNode5)) {
			assertThat(holder.nodeId()).isEqualTo(5);
			holdersNetwork.cut();
			holder.check(Instant.now().toEpochMilli());
			// while the lease runs, nobody else gets node 5
			assertThatExceptionOfType(TimeSortedIdConfigurationException.class)
				.isThrownBy(() -> NodeLease.acquire(dataSource, onlyNode5))
				.withMessageContaining("All 1 node IDs (5 to 5) are leased in table node_lease");
			// the holder stops at TTL minus its margin (1 s), before the node can be claimed
			await(() -> !holder.isValid(), Duration.ofSeconds(5));
			double stoppedAfter = (System.nanoTime() - claimed) / 1e9;
			assertThat(stoppedAfter).isBetween(1.9, 3.0);
			assertThatExceptionOfType(IdGenerationException.class).isThrownBy(() -> holder.check(Instant.now().toEpochMilli()))
				.withMessageContaining("The lease of node 5 in table node_lease could not be renewed in time");
			NodeLease successor = null;
			while (successor == null) {
				Throwable failure = catchThrowable(() -> NodeLease.acquire(dataSource, onlyNode5).close());
				if (failure == null) {
					successor = NodeLease.acquire(dataSource, onlyNode5);
				}
				else {
					assertThat(failure).isInstanceOf(TimeSortedIdConfigurationException.class);
					Thread.sleep(100);
				}
			}
			double takenOverAfter = (System.nanoTime() - claimed) / 1e9;
			try (NodeLease next = successor) {
				assertThat(next.nodeId()).isEqualTo(5);
				// the database's clock decides expiry: no earlier than the TTL after the claim
				assertThat(takenOverAfter).isGreaterThanOrEqualTo(ttl.toMillis() / 1000.0 - 0.05);
			}
		}
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void startupFailsClearlyWhenEveryNodeIsLeased(Database database) {
		DataSource dataSource = database.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		try (NodeLease lease = NodeLease.acquire(dataSource, NodeLease.Options.defaults())) {
			String future = (database == Database.MARIADB) ? "CURRENT_TIMESTAMP(3) + INTERVAL '1' HOUR"
					: "CURRENT_TIMESTAMP + INTERVAL '1' HOUR";
			for (int node = 0; node <= 1023; node++) {
				if (node != lease.nodeId()) {
					jdbc.update("INSERT INTO time_sorted_id_node_lease (node_id, owner, expires_at) VALUES (?, 'other', " + future + ")", node);
				}
			}
			Throwable failure = catchThrowable(() -> start(dataSource, SNOWFLAKE_AUTO).close());
			Throwable cause = failure;
			while (cause != null && !(cause instanceof TimeSortedIdConfigurationException)) {
				cause = cause.getCause();
			}
			assertThat(cause).as("cause of " + failure).isNotNull();
			assertThat(((TimeSortedIdConfigurationException) cause).getDescription()).isEqualTo("All 1024 node IDs (0 to 1023) "
					+ "are leased in table time_sorted_id_node_lease, so this instance has none to make IDs with.");
			assertThat(((TimeSortedIdConfigurationException) cause).getAction()).contains("wait up to PT30S");
		}
	}

	@Test
	void couchdbUtcIdSuffixAutoGivesEachInstanceTheSuffixOfItsLeasedNode() {
		DataSource dataSource = Database.H2.newDatabase();
		try (ConfigurableApplicationContext first = start(dataSource, "time-sorted-id.couchdb-utc-id.suffix=auto");
				ConfigurableApplicationContext second = start(dataSource, "time-sorted-id.couchdb-utc-id.suffix=auto")) {
			Set<String> suffixes = new HashSet<>();
			for (ConfigurableApplicationContext context : List.of(first, second)) {
				NodeLease lease = context.getBean(NodeLease.class);
				String suffix = String.format("@%03x", lease.nodeId());
				assertThat(lease.suffix()).isEqualTo(suffix);
				String body = context.getBean(TimeSortedIdRegistry.class).algorithm("couchdb-utc-id").nextBody();
				assertThat(body).hasSize(14 + 4).endsWith(suffix);
				suffixes.add(suffix);
			}
			assertThat(suffixes).hasSize(2);
		}
	}

	private static void await(java.util.function.BooleanSupplier condition, Duration limit) throws InterruptedException {
		long deadline = System.nanoTime() + limit.toNanos();
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime() - deadline).as("waited " + limit).isNegative();
			Thread.sleep(20);
		}
	}

}
