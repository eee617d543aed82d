package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.Map;

import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Detached partitions moved to an archive schema (pg_partman's {@code retention_schema}), on
 * PostgreSQL ({@code ALTER TABLE … SET SCHEMA}) and MariaDB (the table a partition is converted to
 * made in the archive database): the schema is made if it is missing, and a table of the same name
 * already there fails the run with PostgreSQL's or MariaDB's own words, the partition staying.
 */
class PartitionArchiveTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void detachedPartitionsGoToTheArchiveSchemaMadeIfMissing(Database database) throws Exception {
		// MariaDB's schemas are databases of the one server all tests share
		String archive = (database == Database.POSTGRESQL) ? "archive" : "archive_" + Long.toHexString(System.nanoTime());
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH,
				Map.of("time-sorted-id.partitions.Post.retention", "60d",
						"time-sorted-id.partitions.Post.archive-schema", archive))) {
			Post march = blog.bean(PostRepository.class).insert(new Post("march", "m")).entity();
			blog.clock.set(Instant.parse("2026-06-15T00:00:00Z"));
			PartitionMaintenance.Run run = blog.maintainer().maintain();
			assertThat(run.failures()).isEmpty();
			assertThat(blog.jdbc.queryForObject("SELECT title FROM " + archive + ".post_p202603 WHERE id = ?", String.class,
					march.getId())).isEqualTo("march");
			assertThat(blog.jdbc.queryForObject("SELECT tags FROM " + archive + ".post_tag_p202603", String.class))
				.isEqualTo("m");
			assertThat(blog.jdbc.queryForObject("SELECT count(*) FROM information_schema.tables WHERE table_name = "
					+ "'post_p202603' AND table_schema = " + ((database == Database.POSTGRESQL) ? "current_schema()"
							: "DATABASE()"), Long.class)).as("left behind").isZero();
			if (database == Database.MARIADB) {
				blog.jdbc.execute("DROP DATABASE " + archive);
			}
		}
	}

	@Test
	void aTableOfTheSameNameInTheArchiveSchemaFailsTheRunAndThePartitionStays() throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(Database.POSTGRESQL, MARCH,
				Map.of("time-sorted-id.partitions.Post.retention", "60d",
						"time-sorted-id.partitions.Post.archive-schema", "archive"))) {
			blog.bean(PostRepository.class).insert(new Post("march", "m"));
			blog.jdbc.execute("CREATE SCHEMA archive");
			blog.jdbc.execute("CREATE TABLE archive.post_p202603 (x int)");
			blog.clock.set(Instant.parse("2026-06-15T00:00:00Z"));
			PartitionMaintenance.Run run = blog.maintainer().maintain();
			assertThat(run.failures()).singleElement()
				.satisfies(failure -> assertThat(failure.cause())
					.hasMessageContaining("relation \"post_p202603\" already exists in schema \"archive\""));
			assertThat(blog.partitionNames("post")).contains("post_p202603");
			assertThat(blog.partitionNames("post_tag")).contains("post_tag_p202603");
		}
	}

}
