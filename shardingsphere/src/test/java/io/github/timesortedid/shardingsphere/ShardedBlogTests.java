package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import io.github.timesortedid.shardingsphere.fixtures.Account;
import io.github.timesortedid.shardingsphere.fixtures.CommentRepository;
import io.github.timesortedid.shardingsphere.fixtures.Post;
import io.github.timesortedid.shardingsphere.fixtures.PostRepository;
import io.github.timesortedid.shardingsphere.testsupport.BlogContext;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.shardingsphere.testsupport.ShardCounters;
import io.github.timesortedid.testsupport.SettableClock;
import jakarta.persistence.EntityManager;
import org.apache.shardingsphere.infra.autogen.version.ShardingSphereVersion;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sharded blog on three PostgreSQL servers through ShardingSphere-JDBC: 30,000 posts inserted
 * through JPA in batches (every tenth with two comments, which ShardingSphere routes by the post's
 * ID), then counted on each server with plain JDBC. With {@code TIME_SORTED_ID_MOD} every server
 * holds a third, within 10%; with {@code TIME_SORTED_ID_INTERVAL} each month's posts hold one server
 * and a range of one month's IDs reaches that server alone. Either way a lookup by ID reaches one
 * server, keyset pages across the servers come back in creation order, and no ID is stored twice.
 * Which servers a query reached is counted on the servers' side ({@link ShardCounters}).
 */
class ShardedBlogTests {

	private static final int ROWS = 30_000;

	private static final int PER_TRANSACTION = 1_000;

	private static final Instant JANUARY = Instant.parse("2026-01-01T00:00:00Z");

	@Test
	void modSpreadsEvenlyAndAnIdNamesItsShard() throws Exception {
		Result result = run("TIME_SORTED_ID_MOD", "sharding/blog-mod.yaml", PostgresShards.newDatabases(), null);
		for (long rows : result.perShard()) {
			assertThat(rows).as("rows of a shard, within 10% of a third").isBetween(9_000L, 11_000L);
		}
		assertThat(result.rangeShards()).isEqualTo(3);
	}

	@Test
	void intervalKeepsAMonthOnOneShardAndAOneMonthRangeReachesIt() throws Exception {
		// the same three servers, named by month as the suffix pattern yyyyMM names them
		Map<String, DataSource> shards = new LinkedHashMap<>();
		List<DataSource> servers = new ArrayList<>(PostgresShards.newDatabases().values());
		for (int month = 1; month <= 3; month++) {
			shards.put("ds_20260" + month, servers.get(month - 1));
		}
		Result result = run("TIME_SORTED_ID_INTERVAL", "sharding/blog-interval.yaml", shards, new SettableClock(JANUARY));
		assertThat(result.perShard()).containsExactly((long) ROWS / 3, (long) ROWS / 3, (long) ROWS / 3);
		assertThat(result.rangeShards()).isEqualTo(1);
	}

	/**
	 * Inserts, counts and queries. With a clock, the posts are made in three months, a third in each,
	 * and the range is February; without one, now, and the range is the last hour.
	 */
	private static Result run(String algorithm, String rules, Map<String, DataSource> shards, SettableClock clock)
			throws Exception {
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		try (ShardCounters counters = new ShardCounters(shards);
				ConfigurableApplicationContext context = BlogContext.start(
						PostgresShards.sharded(counters.dataSources(), rules),
						(clock != null) ? Map.of("clock", clock) : Map.of())) {
			EntityManager entityManager = SharedEntityManagerCreator
				.createSharedEntityManager(context.getBean(jakarta.persistence.EntityManagerFactory.class));
			TransactionTemplate transaction = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
			Account author = transaction.execute(status -> {
				Account account = new Account("Ada");
				entityManager.persist(account);
				return account;
			});
			List<String> ids = new ArrayList<>();
			for (int done = 0; done < ROWS; done += PER_TRANSACTION) {
				if (clock != null && done % (ROWS / 3) == 0) {
					clock.set(JANUARY.atZone(ZoneOffset.UTC).plusMonths(done / (ROWS / 3)).plusDays(1).toInstant());
				}
				int first = done;
				ids.addAll(transaction.execute(status -> {
					List<Post> posts = new ArrayList<>();
					for (int i = first; i < first + PER_TRANSACTION; i++) {
						if (clock != null) {
							clock.advance(java.time.Duration.ofMillis(1));
						}
						Post post = new Post(entityManager.getReference(Account.class, author.getId()), "post " + i);
						if (i % 10 == 0) {
							post.comment("first").comment("second");
						}
						entityManager.persist(post);
						posts.add(post);
					}
					entityManager.flush();
					entityManager.clear();
					return posts.stream().map(Post::getId).toList();
				}));
			}
			PostRepository posts = context.getBean(PostRepository.class);
			CommentRepository comments = context.getBean(CommentRepository.class);

			// a lookup by ID, and a post's comments, reach one shard
			int byIdShards = 0;
			for (int i = 0; i < ROWS; i += ROWS / 20) {
				counters.reset();
				assertThat(posts.findById(ids.get(i))).isPresent();
				byIdShards = Math.max(byIdShards, counters.shardsReading("post"));
				counters.reset();
				assertThat(comments.findByPostIdOrderById(ids.get(i - i % 10))).hasSize(2);
				assertThat(counters.shardsReading("comment")).isEqualTo(1);
			}

			// a time range of IDs
			Instant from = (clock != null) ? JANUARY.atZone(ZoneOffset.UTC).plusMonths(1).toInstant()
					: Instant.now().minus(1, ChronoUnit.HOURS);
			Instant to = (clock != null) ? ZonedDateTime.ofInstant(from, ZoneOffset.UTC).plusMonths(1).toInstant()
					: Instant.now().plus(1, ChronoUnit.HOURS);
			counters.reset();
			List<Post> inRange = posts.findCreatedBetween(from, to);
			int rangeShards = counters.shardsReading("post");
			assertThat(inRange).hasSize((clock != null) ? ROWS / 3 : ROWS);

			// keyset pages merged across the shards, in creation order
			List<String> paged = new ArrayList<>();
			String after = null;
			List<Post> page;
			while (!(page = posts.findPageAfter(after, 2_500)).isEmpty()) {
				page.forEach(post -> paged.add(post.getId()));
				after = page.get(page.size() - 1).getId();
			}
			List<String> created = new ArrayList<>(ids);
			boolean inOrder = paged.equals(created.stream().sorted().toList()) && paged.equals(created);

			List<Long> perShard = new ArrayList<>();
			List<String> stored = new ArrayList<>();
			long commentRows = 0;
			for (DataSource shard : shards.values()) {
				perShard.add(count(shard, "SELECT count(*) FROM post"));
				commentRows += count(shard, "SELECT count(*) FROM comment");
				stored.addAll(ids(shard));
			}
			Set<String> distinct = new HashSet<>(stored);
			long duplicates = stored.size() - distinct.size();
			System.out.printf("sharded: engine=shardingsphere-%s shards=%d algorithm=%s rows=%d per_shard=%s "
					+ "by_id_shards=%d range_shards=%d pages_in_order=%s duplicates=%d%n", ShardingSphereVersion.VERSION,
					shards.size(), algorithm, stored.size(),
					perShard.stream().map(String::valueOf).collect(Collectors.joining(",")), byIdShards, rangeShards,
					inOrder ? "yes" : "no", duplicates);
			System.out.printf("  (comments %d, every one on its post's shard by its foreign key)%n", commentRows);
			assertThat(stored).hasSize(ROWS);
			assertThat(distinct).isEqualTo(new HashSet<>(ids));
			assertThat(duplicates).isZero();
			assertThat(byIdShards).isEqualTo(1);
			assertThat(inOrder).as("keyset pages across the shards in creation order").isTrue();
			assertThat(commentRows).isEqualTo(ROWS / 10 * 2);
			return new Result(perShard, rangeShards);
		}
	}

	private static long count(DataSource shard, String sql) throws SQLException {
		try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getLong(1);
		}
	}

	private static List<String> ids(DataSource shard) throws SQLException {
		List<String> ids = new ArrayList<>();
		try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT id FROM post")) {
			while (result.next()) {
				ids.add(result.getString(1));
			}
		}
		return ids;
	}

	private record Result(List<Long> perShard, int rangeShards) {
	}

}
