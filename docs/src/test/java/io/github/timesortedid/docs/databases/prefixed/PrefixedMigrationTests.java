package io.github.timesortedid.docs.databases.prefixed;

import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's move from {@code bigserial} keys to prefixed string keys on PostgreSQL: 40 posts
 * (some created at the same instant) with comments, the new column filled in creation order with IDs
 * that carry each row's {@code created_at}, the keys swapped; then Hibernate validates the tables,
 * old IDs decode to their rows' creation times, and new posts sort after the old ones.
 */
class PrefixedMigrationTests {

	@Test
	void oldRowsKeepTheirOrderAndDecodeToTheirCreationTime() {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE post (id bigserial PRIMARY KEY, title varchar(255), created_at timestamp(6))");
		jdbc.execute("CREATE TABLE comment (id bigserial PRIMARY KEY, post_id bigint NOT NULL REFERENCES post (id),"
				+ " body varchar(255))");
		LocalDateTime start = LocalDateTime.parse("2024-05-01T08:00:00.123");
		for (int i = 0; i < 40; i++) {
			// inserted out of creation order, and every fourth pair at the same instant
			LocalDateTime created = start.plusMinutes((i * 7) % 40 / 2);
			long id = jdbc.queryForObject("INSERT INTO post (title, created_at) VALUES (?, ?) RETURNING id", Long.class,
					"post " + i, Timestamp.valueOf(created));
			jdbc.update("INSERT INTO comment (post_id, body) VALUES (?, ?)", id, "on post " + i);
		}
		List<String> creationOrder = jdbc.queryForList("SELECT title FROM post ORDER BY created_at, id", String.class);
		run(dataSource, "sql/bigserial-to-prefixed-1-columns.sql");

		// tag::fill[]
		// fill new_id in creation order; the clock reads each row's created_at
		AtomicReference<Instant> rowTime = new AtomicReference<>();
		Clock rowClock = new Clock() {
			public Instant instant() {
				return rowTime.get();
			}

			public ZoneId getZone() {
				return ZoneOffset.UTC;
			}

			public Clock withZone(ZoneId zone) {
				return this;
			}
		};
		IdFormat posts = IdFormat.of("post", "_",
				IdAlgorithms.create("uuidv7", AlgorithmOptions.builder().clock(rowClock).build()));
		jdbc.query("SELECT id, created_at FROM post ORDER BY created_at, id", (ResultSet row) -> {
			rowTime.set(row.getTimestamp("created_at").toInstant());
			jdbc.update("UPDATE post SET new_id = ? WHERE id = ?", posts.next(), row.getLong("id"));
		});
		// end::fill[]

		run(dataSource, "sql/bigserial-to-prefixed-2-keys.sql");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(PrefixedApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("spring.jpa.hibernate.ddl-auto=validate")
			.run()) {
			assertThat(jdbc.queryForList("SELECT title FROM post ORDER BY id", String.class))
				.containsExactlyElementsOf(creationOrder);
			IdResolver resolver = context.getBean(IdResolver.class);
			jdbc.query("SELECT id, created_at FROM post", (ResultSet row) -> {
				assertThat(resolver.parse(row.getString("id")).createdAt())
					.contains(row.getTimestamp("created_at").toInstant());
			});
			assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM comment c JOIN post p ON p.id = c.post_id"
					+ " WHERE c.body = 'on ' || p.title", Long.class)).isEqualTo(40);
			Post newer = context.getBean(PostRepository.class).save(new Post("post 40"));
			context.getBean(CommentRepository.class).save(new Comment(newer, "on post 40"));
			List<String> expected = new ArrayList<>(creationOrder);
			expected.add("post 40");
			assertThat(jdbc.queryForList("SELECT title FROM post ORDER BY id", String.class))
				.containsExactlyElementsOf(expected);
		}
	}

	private static void run(DataSource dataSource, String script) {
		new ResourceDatabasePopulator(new ClassPathResource(script)).execute(dataSource);
	}

}
