package io.github.timesortedid.shardingsphere;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.timesortedid.shardingsphere.fixtures.Account;
import io.github.timesortedid.shardingsphere.fixtures.AccountRepository;
import io.github.timesortedid.shardingsphere.fixtures.BlogApplication;
import io.github.timesortedid.shardingsphere.fixtures.Post;
import io.github.timesortedid.shardingsphere.fixtures.PostRepository;
import io.github.timesortedid.shardingsphere.testsupport.BlogContext;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.testsupport.FailureAnalyses;
import io.github.timesortedid.testsupport.TcpFaultProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A sharded start as an application makes it: Spring Boot's pool around ShardingSphere's driver,
 * whose YAML names three PostgreSQL servers, each reached through a {@link TcpFaultProxy} that
 * counts the statements sent to it on the wire. The start-up checks read the catalog once per
 * table and shard, not per column; and with answers of one shard held back past the driver's
 * socket timeout, starts still succeed: a transient failure of a check is tried again.
 */
class ShardedStartupTests {

	/** The blog's sharded tables: account, post, comment. */
	private static final int TABLES = 3;

	/** What the guide advises for a sharded start on a network that loses answers. */
	private static final String RETRY_TIMEOUT = "30s";

	private static Map<String, DataSource> shards;

	private static final List<TcpFaultProxy> proxies = new ArrayList<>();

	@BeforeAll
	static void shards() throws Exception {
		shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		for (int port : PostgresShards.ports()) {
			proxies.add(new TcpFaultProxy(port));
		}
	}

	@AfterAll
	static void closeProxies() throws Exception {
		for (TcpFaultProxy proxy : proxies) {
			proxy.close();
		}
	}

	@Test
	void theChecksReadTheCatalogOncePerTableAndShard() throws Exception {
		proxies.forEach(proxy -> proxy.wire().reset());
		try (ConfigurableApplicationContext blog = start()) {
			assertThat(blog.getBean(PostRepository.class).count()).isZero();
		}
		List<String> statements = statements();
		long catalog = statements.stream().filter(ShardedStartupTests::readsColumns).count();
		System.out.printf("sharded startup: shards=%d starts=1 failed=0 statements=%d catalog=%d%n", PostgresShards.COUNT,
				statements.size(), catalog);
		// the starter's check (through ShardingSphere, on one shard) and the shards' check (on each)
		assertThat(catalog).as(String.join("\n", statements)).isLessThanOrEqualTo(2L * TABLES * (PostgresShards.COUNT + 1));
	}

	@Test
	void startsSucceedWhileOneShardAnswersLate() throws Exception {
		int runs = 10;
		int failed = 0;
		List<Integer> counted = new ArrayList<>();
		List<String> failures = new ArrayList<>();
		TcpFaultProxy slow = proxies.get(1);
		for (int run = 0; run < runs; run++) {
			proxies.forEach(proxy -> proxy.wire().reset());
			// past the driver's socketTimeout of 1 s; Hibernate's own boot reads (its dialect's JDBC
			// metadata, validate's tables) go through ShardingSphere to the shards too, and a build
			// that reads every table again needs more than the default 5 s at one answer in ten late
			slow.lag(0.10, Duration.ofMillis(1500));
			try (ConfigurableApplicationContext blog = start("spring.jpa.hibernate.ddl-auto=validate",
					"time-sorted-id.schema-check.retry-timeout=" + RETRY_TIMEOUT)) {
				slow.lag(0, Duration.ZERO);
				Account author = blog.getBean(AccountRepository.class).save(new Account("Ada"));
				Post post = blog.getBean(PostRepository.class).save(new Post(author, "after a slow start"));
				assertThat(blog.getBean(PostRepository.class).findById(post.getId())).isPresent();
			}
			catch (RuntimeException ex) {
				failed++;
				failures.add(rootCause(ex));
			}
			finally {
				slow.lag(0, Duration.ZERO);
			}
			counted.add(statements().size());
		}
		System.out.printf("sharded startup: shards=%d starts=%d failed=%d statements=%d lagged=%d late=10%% ddl-auto=validate retry-timeout=%s%n",
				PostgresShards.COUNT, runs, failed, counted.stream().sorted().toList().get(runs / 2), slow.lagged(), RETRY_TIMEOUT);
		failures.forEach(failure -> System.out.println("sharded startup failure: " + failure));
		assertThat(slow.lagged()).as("answers held back").isPositive();
		assertThat(failed).as(String.join("\n", failures)).isLessThanOrEqualTo(1);
	}

	/**
	 * While ShardingSphere loads its metadata, at the outer pool's first connection, ds_0 answers
	 * late for 2.5 s: with the pool's {@code initialization-fail-timeout} of 10 s the pool tries
	 * that connection again and ShardingSphere's driver makes its data source again; with Hikari's
	 * default of 1 ms the start fails on the first late answer.
	 */
	@Test
	void theOuterPoolWaitsOutAShardThatAnswersLateWhileShardingSphereLoadsItsMetadata() throws Exception {
		TcpFaultProxy first = proxies.get(0);
		first.lag(1.0, Duration.ofMillis(1500));
		CompletableFuture.delayedExecutor(2500, TimeUnit.MILLISECONDS).execute(() -> first.lag(0, Duration.ZERO));
		try (ConfigurableApplicationContext blog = start("spring.datasource.hikari.initialization-fail-timeout=10000")) {
			assertThat(blog.getBean(PostRepository.class).count()).isNotNegative();
		}
		first.lag(1.0, Duration.ofMillis(1500));
		try {
			// Hikari's "Failed to initialize pool" around ShardingSphere's own exception, which is no
			// SQLException: the analysis still names what failed and the driver's cause
			Throwable failure = catchThrowable(() -> start("spring.datasource.hikari.initialization-fail-timeout=1",
					"time-sorted-id.schema-check.retry-timeout=2s").close());
			assertThat(FailureAnalyses.of(failure).getDescription()).as("Hikari's default")
				.startsWith("The shards' check, at its first connection (which starts ShardingSphere, reading the shards' "
						+ "metadata), could not read the database: ")
				.contains("SQLState 08", "a transient failure");
		}
		finally {
			first.lag(0, Duration.ZERO);
		}
	}

	/** Starts the blog with its YAML's shards behind the proxies, each start a YAML file of its own (ShardingSphere's driver keeps a data source per URL). */
	private static ConfigurableApplicationContext start(String... properties) throws Exception {
		Map<String, String> proxied = new LinkedHashMap<>();
		List<Integer> real = PostgresShards.ports();
		PostgresShards.addresses(shards).forEach((name, address) -> {
			String through = address;
			for (int i = 0; i < real.size(); i++) {
				through = through.replace(":" + real.get(i) + "/", ":" + proxies.get(i).port() + "/");
			}
			proxied.put(name, through + "?socketTimeout=1&connectTimeout=2");
		});
		Path yaml = PostgresShards.driverYaml("sharding/blog-driver.yaml", "sharding/blog-mod.yaml", proxied);
		return new SpringApplicationBuilder(BlogApplication.class).web(WebApplicationType.NONE)
			.properties(BlogContext.defaults())
			.properties("spring.datasource.driver-class-name=org.apache.shardingsphere.driver.ShardingSphereDriver",
					"spring.datasource.url=jdbc:shardingsphere:absolutepath:" + yaml,
					"spring.datasource.hikari.initialization-fail-timeout=10000")
			.properties(properties)
			.run();
	}

	private static List<String> statements() {
		List<String> all = new ArrayList<>();
		proxies.forEach(proxy -> all.addAll(proxy.wire().statements()));
		return all;
	}

	/** A statement that reads the columns of tables: information_schema's or the driver's own catalog query. */
	private static boolean readsColumns(String sql) {
		String lower = sql.toLowerCase(Locale.ROOT);
		return lower.contains("information_schema.columns") || lower.contains("pg_catalog.pg_attribute a");
	}

	private static String rootCause(Throwable failure) {
		Throwable cause = failure;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return failure.getClass().getSimpleName() + ": " + failure.getMessage() + " <- " + cause;
	}

}
