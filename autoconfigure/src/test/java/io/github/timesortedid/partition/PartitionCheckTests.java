package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.partitions.Comment;
import io.github.timesortedid.autoconfigure.fixtures.partitions.CommentRepository;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.schema.ColumnInspector;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A table that is not partitioned is never converted silently: startup stops and says what to
 * run, the script that converts the table with its rows; run as printed, it converts it, and the
 * application starts, its old rows and foreign keys in place.
 */
class PartitionCheckTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void aWholeTableStopsStartupWithTheScriptThatConvertsItKeepingItsRows(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		String january;
		String march;
		try (PartitionsContext whole = new PartitionsContext(database, dataSource, Instant.parse("2026-01-10T00:00:00Z"),
				Map.of("time-sorted-id.partitions.Post.interval", ""))) {
			january = whole.bean(PostRepository.class).insert(new Post("january", "old")).entity().getId();
			whole.bean(CommentRepository.class).save(new Comment(whole.bean(PostRepository.class).findById(january).orElseThrow(),
					"on january"));
			whole.clock.set(MARCH);
			march = whole.bean(PostRepository.class).insert(new Post("march", "new")).entity().getId();
		}
		Throwable failure = catchThrowable(() -> new PartitionsContext(database, dataSource, MARCH,
				Map.of("spring.jpa.hibernate.ddl-auto", "none")));
		FailureAnalysis analysis = FailureAnalyses.of(failure);
		assertThat(analysis.getDescription()).isEqualTo("Table 'post' (the table of Post, time-sorted-id.partitions.Post) "
				+ "is not partitioned.\nTable 'post_tag' (which depends on the table of Post, time-sorted-id.partitions.Post) "
				+ "is not partitioned.".replace("\n", System.lineSeparator()));
		assertThat(analysis.getAction()).startsWith("Partition post, post_tag by ranges of their IDs, keeping the rows, "
				+ "with this script (the reference guide, page 'Partitioned tables', explains it):")
			.endsWith("Or remove time-sorted-id.partitions.* to keep the tables whole, or set "
					+ "time-sorted-id.schema-check.enabled=false to skip this check.");
		String script = script(analysis);
		System.out.println(database.label() + " conversion script:\n" + script);
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		for (String statement : script.split(";\n")) {
			if (!statement.isBlank()) {
				jdbc.execute(statement);
			}
		}
		try (PartitionsContext partitioned = new PartitionsContext(database, dataSource, MARCH,
				Map.of("spring.jpa.hibernate.ddl-auto", "validate"))) {
			PostRepository posts = partitioned.bean(PostRepository.class);
			assertThat(posts.findById(january).orElseThrow().getTags()).containsExactly("old");
			assertThat(posts.findById(march).orElseThrow().getTags()).containsExactly("new");
			assertThat(partitioned.partitionOf("post", "id", january)).isEqualTo(partitioned.partitionOf("post", "id", march))
				.isEqualTo((database == Database.POSTGRESQL) ? "post_legacy" : "plegacy");
			partitioned.clock.set(Instant.parse("2026-04-02T00:00:00Z"));
			String april = posts.insert(new Post("april", "newer")).entity().getId();
			assertThat(partitioned.partitionOf("post", "id", april)).endsWith("p202604");
			assertThat(partitioned.partitionOf("post_tag", "post_id", april)).endsWith("p202604");
			partitioned.bean(CommentRepository.class).save(new Comment(posts.findById(april).orElseThrow(), "on april"));
			assertThat(partitioned.bean(CommentRepository.class).count()).isEqualTo(2);
		}
	}

	/**
	 * Columns that hold the key in other tables, made by an older schema with another type and the
	 * database's collation (ICU's {@code en-US} on PostgreSQL, a case-insensitive one on MariaDB),
	 * leave the script with the key's: the dependent's partition key and a plain foreign key alike.
	 */
	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theScriptGivesTheColumnsThatHoldTheKeyItsTypeAndCollation(Database database) throws Exception {
		DataSource dataSource = database.newDatabaseWithLocaleCollation();
		try (PartitionsContext whole = new PartitionsContext(database, dataSource, MARCH,
				Map.of("time-sorted-id.partitions.Post.interval", ""))) {
			Post post = whole.bean(PostRepository.class).insert(new Post("march", "old")).entity();
			whole.bean(CommentRepository.class).save(new Comment(post, "on march"));
		}
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		if (database == Database.POSTGRESQL) {
			jdbc.execute("ALTER TABLE comment ALTER COLUMN post_id TYPE varchar(40) COLLATE \"default\"");
			jdbc.execute("ALTER TABLE post_tag ALTER COLUMN post_id TYPE varchar(40) COLLATE \"default\"");
		}
		else {
			// InnoDB keeps a foreign key's columns of one character set and collation, and changes none of its
			// columns: the comment's is longer, made so before its foreign key; the element collection's table,
			// made without a foreign key, has the database's collation
			String comments = foreignKey(jdbc, "comment");
			jdbc.execute("ALTER TABLE comment DROP FOREIGN KEY " + comments);
			jdbc.execute("ALTER TABLE comment MODIFY post_id varchar(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL");
			jdbc.execute("ALTER TABLE comment ADD CONSTRAINT " + comments + " FOREIGN KEY (post_id) REFERENCES post (id)");
			jdbc.execute("ALTER TABLE post_tag DROP FOREIGN KEY " + foreignKey(jdbc, "post_tag"));
			jdbc.execute("ALTER TABLE post_tag MODIFY post_id varchar(40) CHARACTER SET latin1 COLLATE latin1_swedish_ci "
					+ "NOT NULL");
		}
		String script = script(FailureAnalyses.of(catchThrowable(() -> new PartitionsContext(database, dataSource, MARCH,
				Map.of("spring.jpa.hibernate.ddl-auto", "none")))));
		PartitionDdlTests.run(dataSource, script);
		try (PartitionsContext partitioned = new PartitionsContext(database, dataSource, MARCH,
				Map.of("spring.jpa.hibernate.ddl-auto", "validate"))) {
			String key = ColumnInspector.describe(database, partitioned.jdbc, "post", "id");
			assertThat(Map.of("comment.post_id", ColumnInspector.describe(database, partitioned.jdbc, "comment", "post_id"),
					"post_tag.post_id", ColumnInspector.describe(database, partitioned.jdbc, "post_tag", "post_id")))
				.as(script)
				.isEqualTo(Map.of("comment.post_id", key, "post_tag.post_id", key));
			assertThat(partitioned.bean(CommentRepository.class).findAll()).singleElement()
				.satisfies(comment -> assertThat(comment.getPost().getTitle()).isEqualTo("march"));
		}
	}

	/** The script in the action of a failure analysis: the lines after its first, up to the alternatives. */
	private static String script(FailureAnalysis analysis) {
		return analysis.getAction().lines().skip(1).takeWhile(line -> !line.startsWith("Or remove"))
			.reduce("", (all, line) -> all + line + "\n");
	}

	private static String foreignKey(JdbcTemplate jdbc, String table) {
		return jdbc.queryForObject("SELECT constraint_name FROM information_schema.referential_constraints "
				+ "WHERE constraint_schema = DATABASE() AND table_name = ?", String.class, table);
	}

	@Test
	void theSchemaCheckStillChecksTheColumnsOfAPartitionedTable() {
		FailureAnalysis analysis = startOn("varchar(20)", "RANGE (id)");
		assertThat(analysis.getDescription()).isEqualTo("Table 'post', column 'id' (Post.id) is varchar(20), "
				+ "which holds at most 20 characters, but its IDs need 31.");
	}

	@Test
	void aTablePartitionedOtherwiseIsNamedWithWhatItNeeds() {
		FailureAnalysis analysis = startOn("varchar(31)", "HASH (id)");
		assertThat(analysis.getDescription()).isEqualTo("Table 'post' (the table of Post, time-sorted-id.partitions.Post) "
				+ "is partitioned, but not by ranges of its column 'id'.");
		assertThat(analysis.getAction()).startsWith("Partition 'post' by ranges of 'id' (PostgreSQL: partition by range (id))");
	}

	/** The blog's tables made by hand on PostgreSQL, the post table partitioned as given, and what startup says of them. */
	private static FailureAnalysis startOn(String postId, String postPartitioning) {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE post (id " + postId + " COLLATE \"C\" NOT NULL PRIMARY KEY, title varchar(255)) "
				+ "PARTITION BY " + postPartitioning);
		jdbc.execute("CREATE TABLE post_tag (post_id varchar(31) COLLATE \"C\" NOT NULL, tags varchar(255)) "
				+ "PARTITION BY RANGE (post_id)");
		jdbc.execute("CREATE TABLE comment (id varchar(30) COLLATE \"C\" NOT NULL PRIMARY KEY, post_id varchar(31) "
				+ "COLLATE \"C\" NOT NULL, text varchar(255))");
		jdbc.execute("CREATE TABLE reaction (id varchar(31) COLLATE \"C\" NOT NULL PRIMARY KEY, emoji varchar(255))");
		return FailureAnalyses.of(catchThrowable(() -> new PartitionsContext(Database.POSTGRESQL, dataSource, MARCH,
				Map.of("spring.jpa.hibernate.ddl-auto", "none"))));
	}

}
