package io.github.timesortedid.shardingsphere;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import io.github.timesortedid.shardingsphere.fixtures.ShardedWorker;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Four JVMs, each a whole instance of the sharded blog on ShardingSphere's driver
 * ({@code sharding/application-driver.yml}: {@code spring.datasource.url:
 * jdbc:shardingsphere:absolutepath:...}, a YAML of {@code blog-driver.yaml}'s data sources with the
 * three PostgreSQL servers' addresses and {@code blog-mod.yaml}'s rules), insert posts with comments at the same time: the posts' {@code uuidv7} IDs
 * and the comments' {@code snowflake} IDs, whose nodes each instance leases from the one lease table
 * on ds_0, never collide, and each instance holds a node of its own.
 */
class ShardedMultiInstanceTests {

	private static final int PROCESSES = 4;

	private static final int ROWS = 5_000;

	private static final Pattern INSERTED = Pattern.compile("worker: inserted=(\\d+) node=(\\d+) dialect=(\\S+)");

	@Test
	void fourInstancesInsertThroughShardingSphereWithoutACollision() throws Exception {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/schema-postgresql.sql");
		Path yaml = PostgresShards.driverYaml("sharding/blog-driver.yaml", "sharding/blog-mod.yaml", PostgresShards.addresses(shards));
		List<Process> workers = new ArrayList<>();
		List<Path> logs = new ArrayList<>();
		try {
			for (int i = 0; i < PROCESSES; i++) {
				Path log = Files.createTempFile("sharded-worker-" + i + "-", ".log");
				log.toFile().deleteOnExit();
				logs.add(log);
				workers.add(new ProcessBuilder(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
						"-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
						ShardedWorker.class.getName(), "--blog.sharding-yaml=" + yaml,
						"--worker.rows=" + ROWS)
					.redirectErrorStream(true)
					.redirectOutput(log.toFile())
					.start());
			}
			Set<Integer> nodes = new HashSet<>();
			long inserted = 0;
			for (int i = 0; i < PROCESSES; i++) {
				assertThat(workers.get(i).waitFor(5, TimeUnit.MINUTES)).as("worker " + i + " finished").isTrue();
				String log = Files.readString(logs.get(i));
				assertThat(workers.get(i).exitValue()).as("worker " + i + "; its output:\n" + log).isZero();
				Matcher report = INSERTED.matcher(log);
				assertThat(report.find()).as(log).isTrue();
				inserted += Long.parseLong(report.group(1));
				nodes.add(Integer.parseInt(report.group(2)));
				assertThat(report.group(3)).isEqualTo("ShardingSpherePostgreSQLDialect");
			}
			long posts = 0;
			long comments = 0;
			Set<String> postIds = new HashSet<>();
			Set<String> commentIds = new HashSet<>();
			for (DataSource shard : shards.values()) {
				posts += ids(shard, "post", postIds);
				comments += ids(shard, "comment", commentIds);
			}
			long collisions = (posts - postIds.size()) + (comments - commentIds.size()) + (inserted - posts)
					+ (inserted - comments);
			System.out.printf("sharded multi-instance: processes=%d posts=%d comments=%d collisions=%d nodes=%s%n", PROCESSES,
					posts, comments, collisions, nodes);
			assertThat(posts).isEqualTo((long) PROCESSES * ROWS);
			assertThat(comments).isEqualTo((long) PROCESSES * ROWS);
			assertThat(collisions).isZero();
			assertThat(nodes).as("each instance leased its own node").hasSize(PROCESSES);
		}
		finally {
			workers.forEach(Process::destroyForcibly);
		}
	}

	private static long ids(DataSource shard, String table, Set<String> ids) throws Exception {
		long rows = 0;
		try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT id FROM " + table)) {
			while (result.next()) {
				ids.add(result.getString(1));
				rows++;
			}
		}
		return rows;
	}

}
