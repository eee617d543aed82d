package io.github.timesortedid.sample;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app with its {@code sharded} profile: ShardingSphere-JDBC over two embedded PostgreSQL
 * servers (sharding.yaml). Over HTTP it behaves as on one database; underneath, posts are on both shards,
 * each post's comments on its post's shard, accounts on both.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("sharded")
class ShardedProfileTests {

	@LocalServerPort
	private int port;

	@Autowired
	private ShardedDataSourceConfiguration.Shards shards;

	private HttpApi api;

	@BeforeEach
	void client() {
		this.api = new HttpApi(this.port);
	}

	@Test
	void postsAndCommentsAreSpreadOverTheShardsAndReadBackAsOnOneDatabase() throws SQLException {
		String account = this.api.post("/accounts", "{\"name\": \"Ada\"}").text("id");
		List<String> posts = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			String post = this.api.post("/posts", "{\"accountId\": \"" + account + "\", \"title\": \"t" + i
					+ "\", \"body\": \"b\"}").text("id");
			this.api.post("/posts/" + post + "/comments", "{\"text\": \"c" + i + "\"}");
			posts.add(post);
		}
		for (String post : posts) {
			assertThat(this.api.get("/posts/" + post).text("id")).isEqualTo(post);
		}
		long[] postsPerShard = { count(0, "post"), count(1, "post") };
		long[] commentsPerShard = { count(0, "comment"), count(1, "comment") };
		assertThat(postsPerShard[0] + postsPerShard[1]).isEqualTo(20);
		assertThat(postsPerShard[0]).isPositive();
		assertThat(postsPerShard[1]).isPositive();
		assertThat(commentsPerShard).isEqualTo(postsPerShard);
		assertThat(count(0, "account")).isEqualTo(count(1, "account")).isPositive();
		assertThat(count(0, "time_sorted_id_node_lease")).isPositive();
	}

	private long count(int shard, String table) throws SQLException {
		try (Connection connection = this.shards.servers().get(shard).getPostgresDatabase().getConnection();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT count(*) FROM " + table)) {
			result.next();
			return result.getLong(1);
		}
	}

}
