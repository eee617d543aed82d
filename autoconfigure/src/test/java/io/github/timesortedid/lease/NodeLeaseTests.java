package io.github.timesortedid.lease;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.lease.LeaseApplication;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.CuttableDataSource;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import io.github.timesortedid.testsupport.SessionTimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Node IDs leased from the application's own database, on H2, PostgreSQL and MariaDB. */
class NodeLeaseTests {

	private static final String SNOWFLAKE_AUTO = "time-sorted-id.snowflake.node-id=auto";

	private static ConfigurableApplicationContext start(DataSource dataSource, String... properties) {
		return start(dataSource, Clock.systemUTC(), properties);
	}

	private static ConfigurableApplicationContext start(DataSource dataSource, Clock clock, String... properties) {
		SpringApplicationBuilder builder = new SpringApplicationBuilder(LeaseApplication.class).web(WebApplicationType.NONE)
			.initializers(ctx -> {
				ctx.getBeanFactory().registerSingleton("dataSource", dataSource);
				ctx.getBeanFactory().registerSingleton("clock", clock);
			})
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
	void sixteenContextsStartingAtOnceAcrossTimeZonesAndSkewedClocksGetSixteenDistinctNodes(Database database)
			throws Exception {
		DataSource dataSource = database.newDatabase();
		List<ZoneId> zones = List.of(ZoneId.of("UTC"), ZoneId.of("Europe/Berlin"), ZoneId.of("America/New_York"),
				ZoneId.of("Asia/Kolkata"));
		ExecutorService starters = Executors.newFixedThreadPool(16);
		List<ConfigurableApplicationContext> contexts = new ArrayList<>();
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<ConfigurableApplicationContext>> started = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				// sessions in four time zones; application clocks from 5 minutes behind to 5 minutes ahead
				DataSource session = new SessionTimeZone(database, dataSource, zones.get(i % zones.size()));
				Clock clock = Clock.offset(Clock.systemUTC(), Duration.ofSeconds(-300 + 40 * i));
				started.add(starters.submit(() -> {
					go.await();
					// exactly as many nodes as instances: any node leased twice leaves one instance without
					return start(session, clock, SNOWFLAKE_AUTO, "time-sorted-id.node-lease.min-node=0",
							"time-sorted-id.node-lease.max-node=15");
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
			assertThat(nodes).as(database.label()).hasSize(16).allMatch(node -> node >= 0 && node <= 15);
		}
		finally {
			contexts.forEach(ConfigurableApplicationContext::close);
			starters.shutdownNow();
		}
		// closing released every node at once: sixteen newcomers find all of them free
		List<NodeLease> newcomers = new ArrayList<>();
		try {
			for (int i = 0; i < 16; i++) {
				newcomers.add(NodeLease.acquire(dataSource,
						new LeaseOptions(NodeLease.DEFAULT_TABLE, Duration.ofSeconds(30), Duration.ofSeconds(10), 0, 15,
								Clock.systemUTC())));
			}
			assertThat(newcomers).extracting(NodeLease::nodeId).doesNotHaveDuplicates();
		}
		finally {
			newcomers.forEach(NodeLease::close);
		}
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aHolderThatCannotRenewStopsBeforeItsLeaseExpiresAndLosesTheNodeOnlyAfterTheTtl(Database database)
			throws Exception {
		DataSource dataSource = database.newDatabase();
		CuttableDataSource holdersNetwork = new CuttableDataSource(dataSource);
		Duration ttl = Duration.ofSeconds(3);
		LeaseOptions onlyNode5 = new LeaseOptions("node_lease", ttl, Duration.ofMillis(500), 5, 5, Clock.systemUTC());
		long claimed = System.nanoTime();
		try (NodeLease holder = NodeLease.acquire(holdersNetwork, onlyNode5)) {
			assertThat(holder.nodeId()).isEqualTo(5);
			holdersNetwork.cut();
			holder.use(Instant.now().toEpochMilli());
			// while the lease runs, nobody else gets node 5
			assertThatExceptionOfType(TimeSortedIdConfigurationException.class)
				.isThrownBy(() -> NodeLease.acquire(dataSource, onlyNode5))
				.withMessageContaining("All 1 node IDs (5 to 5) are leased in table node_lease");
			// the holder stops at TTL minus its margin (1 s), before the node can be claimed
			await(() -> !holder.isValid(), Duration.ofSeconds(5));
			double stoppedAfter = (System.nanoTime() - claimed) / 1e9;
			assertThat(stoppedAfter).isBetween(1.9, 3.0);
			assertThatExceptionOfType(IdGenerationException.class).isThrownBy(() -> holder.use(Instant.now().toEpochMilli()))
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
		try (NodeLease lease = NodeLease.acquire(dataSource, LeaseOptions.defaults())) {
			long year3000 = Instant.parse("3000-01-01T00:00:00Z").toEpochMilli();
			for (int node = 0; node <= 1023; node++) {
				if (node != lease.nodeId()) {
					jdbc.update("INSERT INTO time_sorted_id_node_lease (node_id, owner, expires_at, high_water) VALUES (?, 'other', ?, 0)",
							node, year3000);
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

	@ParameterizedTest
	@EnumSource(Database.class)
	void aLeaseTableOfTheEarlierLayoutIsRefusedWithWhatToDo(Database database) {
		DataSource dataSource = database.newDatabase();
		String timestamp = (database == Database.MARIADB) ? "DATETIME(3)" : "TIMESTAMP(3)";
		new JdbcTemplate(dataSource).execute("CREATE TABLE time_sorted_id_node_lease (node_id INTEGER NOT NULL PRIMARY KEY, "
				+ "owner VARCHAR(200) NOT NULL, expires_at " + timestamp + " NOT NULL)");
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(() -> start(dataSource, SNOWFLAKE_AUTO).close()));
		assertThat(analysis.getDescription()).startsWith("The node lease table time_sorted_id_node_lease has another layout "
				+ "than (node_id INTEGER, owner VARCHAR(200), expires_at BIGINT, high_water BIGINT), probably that of an "
				+ "earlier time-sorted-id version");
		assertThat(analysis.getAction()).contains("DROP TABLE time_sorted_id_node_lease");
	}

	@Test
	void podOrdinalLeasesTheNodeOfTheStatefulSetPodName() {
		DataSource dataSource = Database.H2.newDatabase();
		try (ConfigurableApplicationContext pod = start(dataSource, "time-sorted-id.snowflake.node-id=pod-ordinal",
				"time-sorted-id.couchdb-utc-id.suffix=pod-ordinal", "HOSTNAME=orders-7")) {
			assertThat(pod.getBean(NodeLease.class).nodeId()).isEqualTo(7);
			TimeSortedIdRegistry registry = pod.getBean(TimeSortedIdRegistry.class);
			assertThat((((LongIdAlgorithm) registry.algorithm("snowflake")).nextLong() >> 12) & 0x3FF).isEqualTo(7);
			assertThat(registry.algorithm("couchdb-utc-id").nextBody()).endsWith("@007");
		}
		// another variable, named in the settings
		try (ConfigurableApplicationContext pod = start(dataSource, "time-sorted-id.snowflake.node-id=pod-ordinal",
				"time-sorted-id.node-lease.pod-name-variable=POD_NAME", "POD_NAME=billing-worker-1023")) {
			assertThat(pod.getBean(NodeLease.class).nodeId()).isEqualTo(1023);
		}
		// the StatefulSet example of the guide: settings as environment variables, the pod name from the downward API
		Map<String, Object> environment = Map.of("TIMESORTEDID_SNOWFLAKE_NODEID", "pod-ordinal",
				"TIMESORTEDID_NODELEASE_PODNAMEVARIABLE", "POD_NAME", "POD_NAME", "orders-2");
		try (ConfigurableApplicationContext pod = new SpringApplicationBuilder(LeaseApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> {
				ctx.getBeanFactory().registerSingleton("dataSource", dataSource);
				ctx.getEnvironment().getPropertySources()
					.addFirst(new SystemEnvironmentPropertySource("test-systemEnvironment", environment));
			})
			.run()) {
			assertThat(pod.getBean(NodeLease.class).nodeId()).isEqualTo(2);
		}
	}

	@Test
	void twoPodsWithOneOrdinalDoNotBothRunButAPodRestartedInPlaceGetsItsNodeBack() throws Exception {
		DataSource dataSource = Database.H2.newDatabase();
		String[] orders7 = { "time-sorted-id.snowflake.node-id=pod-ordinal", "HOSTNAME=orders-7",
				"time-sorted-id.node-lease.ttl=2s", "time-sorted-id.node-lease.heartbeat=500ms" };
		try (ConfigurableApplicationContext first = start(dataSource, orders7)) {
			long started = System.nanoTime();
			FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(() -> start(dataSource, orders7).close()));
			assertThat(analysis.getDescription()).startsWith("Node 7 is leased in table time_sorted_id_node_lease by ")
				.contains("which kept renewing it while this instance waited PT2.5S for it");
			assertThat(analysis.getAction()).contains("check that no two pods share a name and ordinal");
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(2500));
			assertThat(first.getBean(NodeLease.class).isValid()).isTrue();
		}
		// a pod killed without closing: its restart (same name) waits for the lease to run out, then takes it
		CuttableDataSource killedPodsNetwork = new CuttableDataSource(dataSource);
		ConfigurableApplicationContext killed = start(killedPodsNetwork, orders7);
		killedPodsNetwork.cut();
		try (ConfigurableApplicationContext restarted = start(dataSource, orders7)) {
			assertThat(restarted.getBean(NodeLease.class).nodeId()).isEqualTo(7);
			assertThat(killed.getBean(NodeLease.class).isValid()).isFalse();
		}
		finally {
			killed.close();
		}
	}

	@Test
	void podOrdinalWithANameThatHasNoOrdinalFailsAtStartupNamingTheVariable() {
		DataSource dataSource = Database.H2.newDatabase();
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(
				() -> start(dataSource, "time-sorted-id.snowflake.node-id=pod-ordinal", "HOSTNAME=orders-api").close()));
		assertThat(analysis.getDescription()).isEqualTo("The property 'time-sorted-id.snowflake.node-id' has the value "
				+ "'pod-ordinal', which cannot be used: the pod name in HOSTNAME, 'orders-api', does not end in a StatefulSet "
				+ "ordinal such as the 7 of orders-7.");
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
