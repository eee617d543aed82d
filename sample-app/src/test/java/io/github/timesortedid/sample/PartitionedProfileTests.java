package io.github.timesortedid.sample;

import java.time.Instant;

import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partition.PartitionMaintainer;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.testsupport.SettableClock;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample application's "partitioned" profile as its one switch runs it, on the PostgreSQL server
 * it starts itself ({@code PartitionedDataSourceConfiguration}): posts and comments in
 * tables partitioned by month, created by the application at startup; posts of several months land
 * in their months' partitions, the time queries and pages answer as on H2, and
 * {@code /actuator/timesortedid} lists the partitions.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("partitioned")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@Import(PartitionedProfileTests.TestClock.class)
class PartitionedProfileTests {

	@LocalServerPort
	private int port;

	@Autowired
	private SettableClock clock;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private EmbeddedPostgres server;

	@Autowired
	private PartitionMaintainer maintainer;

	@Autowired
	private TimeSortedIdRegistry registry;

	private HttpApi api;

	@BeforeEach
	void client() {
		this.api = new HttpApi(this.port);
	}

	@Test
	void withoutADatabaseOfItsOwnTheProfileRunsOnTheServerItStarted() {
		assertThat(this.jdbc.queryForObject("SELECT inet_server_port()", Integer.class)).isEqualTo(this.server.getPort());
	}

	@Test
	void postsAndCommentsLandInTheirMonthsPartitions() {
		String account = this.api.post("/accounts", "{\"name\": \"Ada\"}").text("id");
		String february = postAt(account, "2030-02-10T00:00:00Z", "february");
		String march = postAt(account, "2030-03-10T00:00:00Z", "march");
		String comment = this.api.post("/posts/" + march + "/comments", "{\"text\": \"first\"}").text("id");
		String june = postAt(account, "2030-06-10T00:00:00Z", "june");
		// the startup run made January to April 2030; June waits in the default partition
		assertThat(partitionOf("post", postUuid(june))).isEqualTo("post_default");
		PartitionMaintenance.Run run = this.maintainer.maintain();
		assertThat(run.succeeded()).isTrue();

		assertThat(partitionOf("post", postUuid(february))).isEqualTo("post_p203002");
		assertThat(partitionOf("post", postUuid(march))).isEqualTo("post_p203003");
		assertThat(partitionOf("post", postUuid(june))).isEqualTo("post_p203006");
		assertThat(this.jdbc.queryForObject("SELECT tableoid::regclass::text FROM comment WHERE id = ?", String.class,
				Long.parseLong(comment))).isEqualTo("comment_p203003");

		HttpApi.Response range = this.api.get("/posts?from=2030-03-01T00:00:00Z&to=2030-07-01T00:00:00Z");
		assertThat(range.status()).isEqualTo(200);
		assertThat(range.body()).extracting(post -> post.get("title").asString()).containsExactly("march", "june");
		HttpApi.Response page = this.api.get("/posts?limit=2&after=" + february);
		assertThat(page.body()).extracting(post -> post.get("title").asString()).containsExactly("march", "june");
		assertThat(this.api.get("/posts/" + june).text("title")).isEqualTo("june");

		HttpApi.Response actuator = this.api.get("/actuator/timesortedid");
		assertThat(actuator.status()).isEqualTo(200);
		JsonNode posts = null;
		for (JsonNode table : actuator.body().get("partitions")) {
			if (table.get("table").asString().equals("post")) {
				posts = table;
			}
		}
		assertThat(posts).isNotNull();
		assertThat(posts.get("interval").asString()).isEqualTo("month");
		assertThat(posts.get("partitions")).anySatisfy(partition -> {
			assertThat(partition.get("name").asString()).isEqualTo("post_p203006");
			assertThat(partition.get("from").asString()).isEqualTo("2030-06-01T00:00:00Z");
			assertThat(partition.get("to").asString()).isEqualTo("2030-07-01T00:00:00Z");
		});
	}

	private String postAt(String account, String instant, String title) {
		this.clock.set(Instant.parse(instant));
		return this.api.post("/posts", "{\"accountId\": \"" + account + "\", \"title\": \"" + title + "\", \"body\": \"b\"}")
			.text("id");
	}

	/** Posts are stored as binary: the uuid the post_ text stands for. */
	private Object postUuid(String id) {
		return this.registry.identifierOf(Post.class).orElseThrow().binary().toUuid(id);
	}

	private String partitionOf(String table, Object id) {
		return this.jdbc.queryForObject("SELECT tableoid::regclass::text FROM " + table + " WHERE id = ?", String.class, id);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class TestClock {

		@Bean
		SettableClock clock() {
			return new SettableClock(Instant.parse("2030-01-15T00:00:00Z"));
		}

	}

}
