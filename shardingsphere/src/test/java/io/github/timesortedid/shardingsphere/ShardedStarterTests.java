package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.actuate.TimeSortedIdEndpoint;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.insert.RetrySafeInserter;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.metrics.TimeSortedIdMetrics;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.shardingsphere.fixtures.Account;
import io.github.timesortedid.shardingsphere.fixtures.AccountRepository;
import io.github.timesortedid.shardingsphere.fixtures.BlogApplication;
import io.github.timesortedid.shardingsphere.fixtures.Comment;
import io.github.timesortedid.shardingsphere.fixtures.Post;
import io.github.timesortedid.shardingsphere.fixtures.PostRepository;
import io.github.timesortedid.shardingsphere.testsupport.BlogContext;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.shardingsphere.testsupport.ShardCounters;
import io.github.timesortedid.testsupport.FailureAnalyses;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * What the starter promises, kept through ShardingSphere-JDBC on three PostgreSQL servers: the
 * schema check, node leases from a lease table that is a single table on ds_0, retry-safe inserts
 * (a replay answered with the stored row, read back from the ID's shard alone; a different row with
 * the same ID a conflict), {@code IdResolver}, time ranges, the Actuator endpoint and the metrics.
 * Comments get {@code snowflake} IDs from a leased node here, so that the lease is really used.
 */
class ShardedStarterTests {

	private static final String[] SNOWFLAKE_COMMENTS = { "time-sorted-id.entities.Comment.algorithm=snowflake",
			"time-sorted-id.snowflake.node-id=auto", "spring.jmx.enabled=true",
			"management.endpoints.jmx.exposure.include=health,timesortedid" };

	@Test
	void everyPromiseHoldsThroughShardingSphere() throws Exception {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		try (ShardCounters counters = new ShardCounters(shards);
				ConfigurableApplicationContext context = BlogContext.start(
						PostgresShards.sharded(counters.dataSources(), "sharding/blog-mod.yaml"), SNOWFLAKE_COMMENTS)) {
			// node leases: the lease table is on ds_0 alone, and the comments' IDs carry the leased node
			NodeLease lease = context.getBean(NodeLease.class);
			assertThat(count(shards.get("ds_0"), "SELECT count(*) FROM time_sorted_id_node_lease WHERE node_id = "
					+ lease.nodeId())).isEqualTo(1);
			for (String other : List.of("ds_1", "ds_2")) {
				assertThat(count(shards.get(other), "SELECT count(*) FROM information_schema.tables "
						+ "WHERE table_name = 'time_sorted_id_node_lease'")).as(other).isZero();
			}

			Account author = context.getBean(AccountRepository.class).save(new Account("Grace"));
			RetrySafeInserter inserter = context.getBean(RetrySafeInserter.class);
			List<Post> posts = new ArrayList<>();
			for (int i = 0; i < 12; i++) {
				InsertResult<Post> inserted = inserter.insert(new Post(author, "post " + i).comment("a comment"));
				assertThat(inserted.created()).isTrue();
				posts.add(inserted.entity());
			}
			Post first = posts.get(0);
			String commentId = first.getComments().get(0).getId();
			long snowflake = Long.parseLong(commentId.substring("cmt_".length()));
			assertThat((snowflake >>> 12) & 1023).as("node in the comment's snowflake").isEqualTo(lease.nodeId());

			// a replay (the same post, its IDs fixed before the first attempt) finds the stored one, read
			// back from its shard alone
			counters.reset();
			InsertResult<Post> replay = inserter.insert(first);
			assertThat(replay.created()).isFalse();
			assertThat(replay.entity().getId()).isEqualTo(first.getId());
			assertThat(counters.shardsReading("post")).isEqualTo(1);
			// a different post under a stored ID is a conflict, not a silent success
			assertThatExceptionOfType(InsertConflictException.class)
				.isThrownBy(() -> inserter.insert(withId(new Post(author, "another title"), first.getId())));

			// IdResolver finds each kind by its ID, on its shard
			IdResolver resolver = context.getBean(IdResolver.class);
			assertThat(resolver.find(first.getId(), Post.class)).get().extracting(Post::getTitle).isEqualTo("post 0");
			assertThat(resolver.find(commentId, Comment.class)).get().extracting(Comment::getText).isEqualTo("a comment");
			assertThat(resolver.find(author.getId(), Account.class)).get().extracting(Account::getName).isEqualTo("Grace");

			// time ranges across the shards, oldest first
			List<Post> recent = context.getBean(PostRepository.class).findCreatedSince(Instant.now().minus(1, ChronoUnit.HOURS));
			assertThat(recent).extracting(Post::getId).containsExactlyElementsOf(posts.stream().map(Post::getId).toList());

			// the Actuator endpoint describes the attributes, the lease, and decodes an ID
			TimeSortedIdEndpoint endpoint = context.getBean(TimeSortedIdEndpoint.class);
			assertThat(endpoint.describe().lease().node()).isEqualTo(lease.nodeId());
			assertThat(endpoint.decode(first.getId()).entity()).isEqualTo("Post");
			assertThat(endpoint.decode(commentId).algorithm()).isEqualTo("snowflake");

			// the metrics count what was made and inserted
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.get(TimeSortedIdMetrics.GENERATED).tags("entity", "Post", "algorithm", "uuidv7").functionCounter().count())
				.isEqualTo(12);
			assertThat(meters.get(TimeSortedIdMetrics.INSERTS).tag("entity", "Post").tag("outcome", "created").counter().count())
				.isEqualTo(12);
			assertThat(meters.get(TimeSortedIdMetrics.LEASE_VALID).gauge().value()).isEqualTo(1);
		}
	}

	@Test
	void theSchemaCheckReadsTheLogicalTables() {
		// post.id too short for post_ + 26 characters on every shard
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		for (DataSource shard : shards.values()) {
			execute(shard, "ALTER TABLE comment DROP CONSTRAINT comment_post_id_fkey");
			execute(shard, "ALTER TABLE post ALTER COLUMN id TYPE varchar(20)");
		}
		assertThatExceptionOfType(Exception.class)
			.isThrownBy(() -> BlogContext.start(PostgresShards.sharded(shards, "sharding/blog-mod.yaml")).close())
			.havingRootCause()
			.isInstanceOf(TimeSortedIdConfigurationException.class)
			.withMessageContaining("post")
			.withMessageContaining("varchar(20)");
	}

	@Test
	void shardsWhoseTablesDifferStopTheStart() {
		// only ds_2 has the short column: read through ShardingSphere, the schema looks right on ds_0
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		execute(shards.get("ds_2"), "ALTER TABLE comment DROP CONSTRAINT comment_post_id_fkey");
		execute(shards.get("ds_2"), "ALTER TABLE post ALTER COLUMN id TYPE varchar(20)");
		assertThatExceptionOfType(Exception.class)
			.isThrownBy(() -> BlogContext.start(PostgresShards.sharded(shards, "sharding/blog-mod.yaml")).close())
			.havingRootCause()
			.isInstanceOf(TimeSortedIdConfigurationException.class)
			.withMessageContaining("post.id is varchar(31) collate C not null on ds_0.post but varchar(20) not null on ds_2.post");
	}

	@Test
	void shardingSpheresOwnTableCheckRefusesShardsThatAreAlike() {
		// why the module compares the shards itself: once this fails, check-table-metadata-enabled can do it
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		assertThatExceptionOfType(RuntimeException.class)
			.isThrownBy(() -> PostgresShards.sharded(shards, "sharding/blog-mod-check-table-metadata.yaml"))
			.withMessageContaining("Can not get uniformed table structure");
	}

	@Test
	void aBadAlgorithmPropertyIsReportedAsTheReasonTheApplicationDidNotStart() {
		Throwable failure = catchThrowable(() -> new SpringApplicationBuilder(BlogApplication.class)
			.web(WebApplicationType.NONE)
			.properties(BlogContext.defaults())
			.properties("spring.datasource.driver-class-name=org.apache.shardingsphere.driver.ShardingSphereDriver",
					"spring.datasource.url=jdbc:shardingsphere:classpath:sharding/bad-sharding-count.yaml")
			.run()
			.close());
		FailureAnalysis analysis = FailureAnalyses.of(failure);
		assertThat(analysis.getDescription()).contains("TIME_SORTED_ID_MOD")
			.contains("sharding-count is a whole number of 1 or more, not '0'");
		assertThat(analysis.getAction()).contains("spring.datasource.url");
	}

	private static long count(DataSource shard, String sql) throws SQLException {
		try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getLong(1);
		}
	}

	private static void execute(DataSource shard, String sql) {
		try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql, ex);
		}
	}

	private static Post withId(Post post, String id) {
		try {
			var field = Post.class.getDeclaredField("id");
			field.setAccessible(true);
			field.set(post, id);
			return post;
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
