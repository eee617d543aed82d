package io.github.timesortedid.shardingsphere;

import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.shardingsphere.fixtures.Account;
import io.github.timesortedid.shardingsphere.fixtures.AccountRepository;
import io.github.timesortedid.shardingsphere.fixtures.BlogApplication;
import io.github.timesortedid.shardingsphere.fixtures.Post;
import io.github.timesortedid.shardingsphere.fixtures.PostRepository;
import io.github.timesortedid.shardingsphere.testsupport.BlogContext;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.apache.shardingsphere.driver.jdbc.core.connection.ShardingSphereConnection;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * The two layers of pools of an application on ShardingSphere's driver
 * ({@code sharding/application-pools.yml} and {@code sharding/blog-pools.yaml}): Spring Boot's pool
 * of ShardingSphere's logical connections, and each shard's pool that ShardingSphere makes from its
 * YAML. Each setting is read back where it takes effect: from the pools, from a shard's PostgreSQL
 * session ({@code SHOW}), from the driver's socket; and what each layer does when a shard cannot be
 * reached at start-up.
 */
class ShardedPoolsTests {

	private static final String SHARD_DOWN = "localhost:1/blog";

	@Test
	void eachLayerTakesItsOwnSettings() throws Exception {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		Path yaml = PostgresShards.driverYaml("sharding/blog-pools.yaml", "sharding/blog-mod.yaml", PostgresShards.addresses(shards));
		// a name for each shard's pool, which ShardingSphere 5.5.2 drops (a "transient field" of its Hikari
		// metadata): the guide's YAML has none
		Files.writeString(yaml, Files.readString(yaml).replaceAll("(?m)^  (ds_\\d):\\n", "  $1:\n    poolName: blog-$1\n"));
		try (ConfigurableApplicationContext context = start(yaml)) {
			HikariDataSource outer = (HikariDataSource) context.getBean(DataSource.class);
			assertThat(outer.getPoolName()).isEqualTo("blog");
			assertThat(outer.getMaximumPoolSize()).isEqualTo(8);
			assertThat(outer.getConnectionTimeout()).isEqualTo(10_000);
			assertThat(outer.getMaxLifetime()).isEqualTo(1_500_000);
			assertThat(outer.getInitializationFailTimeout()).isEqualTo(10000);
			Map<String, HikariDataSource> inner = shardPools(outer);
			assertThat(inner).containsOnlyKeys("ds_0", "ds_1", "ds_2");
			for (HikariDataSource pool : inner.values()) {
				assertThat(pool.getPoolName()).matches("HikariPool-\\d+");
				assertThat(pool.getMaximumPoolSize()).isEqualTo(8);
				assertThat(pool.getConnectionTimeout()).isEqualTo(5_000);
				assertThat(pool.getMaxLifetime()).isEqualTo(1_800_000);
				try (Connection connection = pool.getConnection()) {
					// the options of the URL reach the shard's session; socketTimeout the driver's socket
					assertThat(show(connection, "statement_timeout")).isEqualTo("30s");
					assertThat(show(connection, "idle_in_transaction_session_timeout")).isEqualTo("30s");
					assertThat(connection.getNetworkTimeout()).isEqualTo(60_000);
				}
			}

			Account author = context.getBean(AccountRepository.class).save(new Account("Ada"));
			PostRepository posts = context.getBean(PostRepository.class);
			for (int i = 0; i < 6; i++) {
				posts.save(new Post(author, "post " + i));
			}
			assertThat(posts.findAll()).hasSize(6);
			// the logical connections are back in the outer pool, idle, and still hold their shards' connections:
			// ShardingSphere gives a shard's connection back when its logical connection closes
			assertThat(outer.getHikariPoolMXBean().getActiveConnections()).isZero();
			assertThat(inner.values()).allSatisfy(pool -> assertThat(pool.getHikariPoolMXBean().getActiveConnections()).isPositive());
			outer.getHikariPoolMXBean().softEvictConnections();
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(inner.values())
					.allSatisfy(pool -> assertThat(pool.getHikariPoolMXBean().getActiveConnections()).isZero()));

			// a JDBC query timeout (what jakarta.persistence.query.timeout sets) reaches the shard's statement
			try (Connection connection = outer.getConnection();
					PreparedStatement statement = connection.prepareStatement("SELECT pg_sleep(10), id FROM post WHERE id = ?")) {
				statement.setString(1, posts.findAll().get(0).getId());
				statement.setQueryTimeout(1);
				assertThat(catchThrowable(statement::executeQuery)).isInstanceOf(PSQLException.class)
					.hasMessageContaining("canceling statement due to user request");
			}
		}
	}

	@Test
	void aShardShardingSphereReadsAtStartUpStopsTheStartWhateverTheOuterPoolWaits() {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		Map<String, String> addresses = PostgresShards.addresses(shards);
		addresses.put("ds_0", SHARD_DOWN);
		Path yaml = PostgresShards.driverYaml("sharding/blog-pools.yaml", "sharding/blog-mod.yaml", addresses);
		// the outer pool starts at its first connection, which makes ShardingSphere's data source: it fails,
		// and the failure analysis says where and why
		Throwable refused = catchThrowable(() -> start(yaml).close());
		assertThat(FailureAnalyses.of(refused).getDescription())
			.startsWith("The shards' check, at its first connection (which starts ShardingSphere, reading the shards' "
					+ "metadata), could not read the database: Connection to localhost:1 refused");
		assertThat(refused).rootCause().isInstanceOf(ConnectException.class);
		// -1: the pool starts empty, then its first connection waits connection-timeout for ShardingSphere
		Throwable failure = catchThrowable(() -> start(yaml, "spring.datasource.hikari.initialization-fail-timeout=-1",
				"spring.datasource.hikari.connection-timeout=2000").close());
		assertThat(failure).hasStackTraceContaining("blog - Connection is not available, request timed out after")
			.hasStackTraceContaining("Connection to localhost:1 refused")
			.rootCause()
			.isInstanceOf(ConnectException.class);
	}

	@Test
	void aShardShardingSphereDoesNotReadAtStartUpStopsTheShardCheck() {
		// ShardingSphere 5.5.2 made its data source without ds_1 (it read ds_0 and ds_2); the module's check of
		// every shard's tables is what stops the start
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		Map<String, String> addresses = PostgresShards.addresses(shards);
		addresses.put("ds_1", SHARD_DOWN);
		Path yaml = PostgresShards.driverYaml("sharding/blog-pools.yaml", "sharding/blog-mod.yaml", addresses);
		Throwable failure = catchThrowable(() -> start(yaml).close());
		assertThat(failure).hasStackTraceContaining("ShardSchemaCheck.check")
			.hasStackTraceContaining("Connection to localhost:1 refused")
			.rootCause()
			.isInstanceOf(ConnectException.class);
		// not the outer pool's start: ShardingSphere's data source was made
		assertThat(failure).satisfies(thrown -> {
			for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
				assertThat(cause.getMessage()).doesNotContain("Failed to initialize pool");
			}
		});
	}

	/** Starts the blog on {@code application-pools.yml}; the properties win over the file's. */
	private static ConfigurableApplicationContext start(Path yaml, String... properties) {
		return new SpringApplicationBuilder(BlogApplication.class).web(WebApplicationType.NONE)
			.properties(BlogContext.defaults())
			.properties("spring.config.import=classpath:sharding/application-pools.yml", "blog.sharding-yaml=" + yaml)
			.run(Arrays.stream(properties).map(property -> "--" + property).toArray(String[]::new));
	}

	/** Each shard's pool, as ShardingSphere made it from the YAML. */
	private static Map<String, HikariDataSource> shardPools(DataSource outer) throws SQLException {
		Map<String, HikariDataSource> pools = new LinkedHashMap<>();
		try (Connection connection = outer.getConnection()) {
			ShardingSphereConnection sharded = connection.unwrap(ShardingSphereConnection.class);
			sharded.getContextManager()
				.getMetaDataContexts()
				.getMetaData()
				.getDatabase(sharded.getCurrentDatabaseName())
				.getResourceMetaData()
				.getDataSourceMap()
				.forEach((name, pool) -> pools.put(name, (HikariDataSource) pool));
		}
		return pools;
	}

	private static String show(Connection connection, String setting) throws SQLException {
		try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery("SHOW " + setting)) {
			result.next();
			return result.getString(1);
		}
	}

}
