package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.shardingsphere.fixtures.Account;
import io.github.timesortedid.shardingsphere.fixtures.AccountRepository;
import io.github.timesortedid.shardingsphere.fixtures.Post;
import io.github.timesortedid.shardingsphere.fixtures.PostRepository;
import io.github.timesortedid.shardingsphere.testsupport.BlogContext;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import org.apache.shardingsphere.driver.jdbc.core.datasource.ShardingSphereDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hibernate's {@code ddl-auto=update} through ShardingSphere on three empty PostgreSQL shards: the
 * first start creates the tables on every shard, shaped as the starter shapes ID columns (the same
 * columns as the guide's migration, {@code schema-postgresql.sql}, read from PostgreSQL's catalog);
 * a second start with {@code update} finds nothing to change and logs no warning; a start with
 * {@code validate} accepts them. Each start inserts a post and finds it by its ID.
 */
@ExtendWith(OutputCaptureExtension.class)
class ShardedSchemaUpdateTests {

	private static final String COLUMNS = "SELECT table_name, column_name, data_type, character_maximum_length, "
			+ "collation_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() "
			+ "AND table_name IN ('account', 'post', 'comment') ORDER BY table_name, column_name";

	@Test
	void updateCreatesTheTablesOnEveryShardAndLaterStartsFindThemRight(CapturedOutput output) throws Exception {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		DataSource migrated = PostgresShards.newSingleDatabase();
		PostgresShards.runScript(Map.of("migrated", migrated), "sharding/schema-postgresql.sql");
		List<String> expected = rows(migrated, COLUMNS);

		String first = startInsertAndFind(shards, "update", output);
		assertThat(ddl(first)).as("the first start's DDL")
			.anyMatch(sql -> sql.startsWith("create table post"))
			.anyMatch(sql -> sql.startsWith("alter table if exists comment add constraint"));
		for (Map.Entry<String, DataSource> shard : shards.entrySet()) {
			List<String> columns = rows(shard.getValue(), COLUMNS);
			// the ID columns as the starter shapes them: exact length, byte-order collation
			assertThat(columns).as(shard.getKey())
				.contains("post.id character varying(31) C NO", "post.account_id character varying(31) C NO",
						"comment.id character varying(30) C NO", "comment.post_id character varying(31) C NO",
						"account.id character varying(31) C NO");
			// and every column as the guide's migration makes it
			assertThat(columns).as(shard.getKey()).containsExactlyElementsOf(expected);
			// the binding tables' foreign key holds within each shard; the author's is left out
			assertThat(rows(shard.getValue(), "SELECT conrelid::regclass::text || ' -> ' || confrelid::regclass::text FROM pg_constraint "
					+ "WHERE contype = 'f' AND connamespace = current_schema()::regnamespace"))
				.as(shard.getKey())
				.containsExactly("comment -> post");
		}

		// the second start finds every table and constraint there: no DDL, nothing to warn about
		String second = startInsertAndFind(shards, "update", output);
		assertThat(ddl(second)).isEmpty();
		assertThat(warningsAndErrors(second)).isEmpty();

		String third = startInsertAndFind(shards, "validate", output);
		assertThat(warningsAndErrors(third)).isEmpty();

		long posts = 0;
		for (DataSource shard : shards.values()) {
			posts += Long.parseLong(rows(shard, "SELECT count(*) FROM post").get(0));
		}
		assertThat(posts).isEqualTo(3);
	}

	/**
	 * Starts the blog through ShardingSphere with a {@code ddl-auto}, inserts a post, finds it.
	 * @return what the start logged, Hibernate's statements included
	 */
	private static String startInsertAndFind(Map<String, DataSource> shards, String ddlAuto, CapturedOutput output)
			throws Exception {
		int from = output.getAll().length();
		// a new ShardingSphere data source for each start, as an application restarting makes one:
		// it reads the shards' metadata again
		DataSource sharded = PostgresShards.sharded(shards, "sharding/blog-mod.yaml");
		try (ConfigurableApplicationContext context = BlogContext.start(sharded, "spring.jpa.hibernate.ddl-auto=" + ddlAuto,
				"logging.level.org.hibernate.SQL=debug")) {
			Account author = context.getBean(AccountRepository.class).save(new Account("Ada"));
			PostRepository posts = context.getBean(PostRepository.class);
			Post post = posts.save(new Post(author, ddlAuto + " start").comment("first"));
			assertThat(posts.findById(post.getId())).get().extracting(Post::getTitle).isEqualTo(ddlAuto + " start");
		}
		finally {
			((ShardingSphereDataSource) sharded).close();
		}
		String log = output.getAll().substring(from);
		// the capture holds Spring Boot's log: the checks of its lines below are not vacuous
		assertThat(log).contains("Initialized JPA EntityManagerFactory");
		return log;
	}

	/** The DDL statements Hibernate logged ({@code org.hibernate.SQL}), one per entry, on one line. */
	private static List<String> ddl(String log) {
		List<String> statements = new ArrayList<>();
		StringBuilder statement = null;
		for (String line : log.lines().toList()) {
			boolean sql = line.matches("^\\S+\\s+DEBUG .*org\\.hibernate\\.SQL\\s+:.*");
			if (statement != null && (sql || line.matches("^\\S+\\s+[A-Z]+ .*"))) {
				statements.add(statement.toString().trim().replaceAll("\\s+", " "));
				statement = null;
			}
			if (sql) {
				statement = new StringBuilder(line.substring(line.indexOf(" : ") + 3));
			}
			else if (statement != null) {
				statement.append(' ').append(line);
			}
		}
		if (statement != null) {
			statements.add(statement.toString().trim().replaceAll("\\s+", " "));
		}
		return statements.stream().filter(sql -> sql.matches("(?i)(create|alter|drop) .*")).toList();
	}

	/** The lines of Spring Boot's console log at level WARN or ERROR. */
	private static List<String> warningsAndErrors(String log) {
		return log.lines().filter(line -> line.matches("^\\S+\\s+(WARN|ERROR) .*")).toList();
	}

	private static List<String> rows(DataSource dataSource, String sql) throws SQLException {
		List<String> rows = new ArrayList<>();
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(sql)) {
			int columns = result.getMetaData().getColumnCount();
			while (result.next()) {
				StringBuilder row = new StringBuilder();
				for (int i = 1; i <= columns; i++) {
					String value = result.getString(i);
					row.append((i == 1) ? "" : (i == 2) ? "." : " ").append(value);
				}
				rows.add(row.toString().replaceAll(" (\\d+) ", "($1) "));
			}
		}
		return rows;
	}

}
