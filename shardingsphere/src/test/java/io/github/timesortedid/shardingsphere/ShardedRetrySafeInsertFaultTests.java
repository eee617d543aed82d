package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.insert.RetrySafeInserter;
import io.github.timesortedid.shardingsphere.fixtures.Account;
import io.github.timesortedid.shardingsphere.fixtures.AccountRepository;
import io.github.timesortedid.shardingsphere.fixtures.Post;
import io.github.timesortedid.shardingsphere.testsupport.BlogContext;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FaultInjector;
import io.github.timesortedid.testsupport.FaultInjector.Fault;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The fault matrix of retry-safe inserts through ShardingSphere-JDBC, on three PostgreSQL servers
 * with the faults on one server's connections (ds_0, between its pool and the driver, as
 * {@link FaultInjector} does on one database): 2,000 inserts from 4 threads of a post with three
 * comments, which ShardingSphere routes to the post's shard by its ID. A lost commit, a failed commit,
 * a connection dropped after an INSERT and a mix of every fault (timeouts and drops before an INSERT
 * too); afterwards, counted on each server with plain JDBC, every post is stored once, whole, and no
 * insert was answered with a conflict. ShardingSphere runs its LOCAL transactions here: a post and
 * its comments are one shard's one transaction.
 */
class ShardedRetrySafeInsertFaultTests {

	private static final int THREADS = 4;

	private static final int PER_THREAD = 500;

	private static final int INSERTS = THREADS * PER_THREAD;

	private static final int COMMENTS = 3;

	private static final long CASE_LIMIT_SECONDS = 240;

	static Stream<Arguments> faults() {
		return Stream.of(Arguments.of(Fault.LOST_COMMIT, 0.15), Arguments.of(Fault.FAILED_COMMIT, 0.15),
				// an orphan holds its row's lock until the server ends it, 1 s later: fewer of those
				Arguments.of(Fault.DROPPED_AFTER_INSERT, 0.05), Arguments.of(Fault.MIXED, 0.10));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("faults")
	void everyInsertLandsExactlyOnceAndWholeAcrossTheShards(Fault fault, double probability) throws Exception {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		FaultInjector faults = FaultInjector.wrap(Database.POSTGRESQL, fault, probability, 1 + COMMENTS);
		Map<String, DataSource> pools = new LinkedHashMap<>();
		shards.forEach((name, shard) -> pools.put(name,
				PostgresShards.pool(name, name.equals("ds_0") ? faults.around(shard) : shard, shard, THREADS * 2)));
		long started = System.nanoTime();
		Outcomes outcomes;
		try (ConfigurableApplicationContext context = BlogContext.start(PostgresShards.sharded(pools, "sharding/blog-mod.yaml"),
				properties())) {
			RetrySafeInserter inserter = context.getBean(RetrySafeInserter.class);
			Account author = context.getBean(AccountRepository.class).save(new Account("Zoë"));
			faults.enable();
			try {
				outcomes = run(inserter, author);
			}
			finally {
				faults.disable();
			}
		}
		finally {
			pools.values().forEach(pool -> ((HikariDataSource) pool).close());
			faults.close();
		}
		double seconds = (System.nanoTime() - started) / 1e9;
		Census census = Census.take(shards.values());
		System.out.printf("retry-safe inserts: db=postgresql-sharded fault=%s inserts=%d rows=%d child_rows=%d "
				+ "duplicates=%d lost=%d false_conflicts=%d%n", fault.label(), INSERTS, census.rows(), census.childRows(),
				census.duplicates(), census.lost(), outcomes.conflicts);
		System.out.printf("  (%.1f s; p=%.2f on ds_0; struck %d: %s; created %d, replayed %d, gave up %d; posts per shard %s)%n",
				seconds, probability, faults.injected(), faults.summary(), outcomes.created, outcomes.replayed,
				outcomes.gaveUp.size(), census.perShard());
		if (!outcomes.gaveUp.isEmpty()) {
			Throwable root = outcomes.gaveUp.get(0);
			while (root.getCause() != null && root.getCause() != root) {
				root = root.getCause();
			}
			System.out.println("  first give-up: " + root);
		}
		SoftAssertions softly = new SoftAssertions();
		softly.assertThat(outcomes.gaveUp).as("inserts that gave up").isEmpty();
		softly.assertThat(faults.injected()).as("faults struck").isPositive();
		if (fault == Fault.MIXED) {
			Stream.of(Fault.values())
				.filter(kind -> kind != Fault.MIXED)
				.forEach(kind -> softly.assertThat(faults.injected(kind)).as(kind.label() + " strikes in the mix").isPositive());
		}
		softly.assertThat(census.rows()).as("rows").isEqualTo(INSERTS);
		softly.assertThat(census.childRows()).as("child_rows").isEqualTo((long) COMMENTS * INSERTS);
		softly.assertThat(census.duplicates()).as("duplicates").isZero();
		softly.assertThat(census.lost()).as("lost").isZero();
		softly.assertThat(outcomes.conflicts).as("false_conflicts").isZero();
		softly.assertThat(faults.orphansOutlived()).as("orphans the server did not end").isZero();
		softly.assertAll();
	}

	private static String[] properties() {
		return new String[] { PropertyNames.INSERT_MAX_ATTEMPTS + "=40", "time-sorted-id.insert.initial-delay=2ms",
				"time-sorted-id.insert.max-delay=50ms", "time-sorted-id.insert.jitter=1ms",
				PropertyNames.INSERT_ATTEMPT_TIMEOUT + "=1s", "logging.level.org.hibernate.orm.jdbc.error=off",
				"logging.level.com.zaxxer.hikari=error", "logging.level.org.apache.shardingsphere=error" };
	}

	private static Outcomes run(RetrySafeInserter inserter, Account author) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<Outcomes>> results = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				int thread = t;
				results.add(threads.submit(() -> {
					Outcomes outcomes = new Outcomes();
					for (int i = 0; i < PER_THREAD; i++) {
						Post post = new Post(author, "ref-" + thread + "-" + i);
						for (int c = 0; c < COMMENTS; c++) {
							post.comment("comment " + c);
						}
						try {
							InsertResult<Post> result = inserter.insert(post);
							if (result.created()) {
								outcomes.created++;
							}
							else {
								outcomes.replayed++;
							}
						}
						catch (InsertConflictException ex) {
							outcomes.conflicts++;
						}
						catch (RuntimeException ex) {
							outcomes.gaveUp.add(ex);
						}
					}
					return outcomes;
				}));
			}
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CASE_LIMIT_SECONDS);
			Outcomes all = new Outcomes();
			for (Future<Outcomes> result : results) {
				Outcomes one = result.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
				all.created += one.created;
				all.replayed += one.replayed;
				all.conflicts += one.conflicts;
				all.gaveUp.addAll(one.gaveUp);
			}
			return all;
		}
		finally {
			threads.shutdownNow();
		}
	}

	/** What the insert calls returned, counted by the threads that made them. */
	private static final class Outcomes {

		int created;

		int replayed;

		int conflicts;

		final List<RuntimeException> gaveUp = new ArrayList<>();

	}

	/** What every shard stores, counted with plain JDBC; a post without all its comments counts as lost. */
	private record Census(long rows, long childRows, long duplicates, long lost, List<Long> perShard) {

		static Census take(Iterable<DataSource> shards) throws SQLException {
			long rows = 0;
			long childRows = 0;
			List<Long> perShard = new ArrayList<>();
			Set<String> stored = new HashSet<>();
			Set<String> whole = new HashSet<>();
			for (DataSource shard : shards) {
				long here = 0;
				try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement()) {
					try (ResultSet count = statement.executeQuery("SELECT count(*) FROM comment")) {
						count.next();
						childRows += count.getLong(1);
					}
					try (ResultSet posts = statement.executeQuery(
							"SELECT p.title, (SELECT count(*) FROM comment c WHERE c.post_id = p.id) FROM post p")) {
						while (posts.next()) {
							here++;
							stored.add(posts.getString(1));
							if (posts.getLong(2) == COMMENTS) {
								whole.add(posts.getString(1));
							}
						}
					}
				}
				rows += here;
				perShard.add(here);
			}
			Set<String> expected = new HashSet<>();
			for (int t = 0; t < THREADS; t++) {
				for (int i = 0; i < PER_THREAD; i++) {
					expected.add("ref-" + t + "-" + i);
				}
			}
			whole.retainAll(expected);
			return new Census(rows, childRows, rows - stored.size(), INSERTS - whole.size(), perShard);
		}

	}

}
