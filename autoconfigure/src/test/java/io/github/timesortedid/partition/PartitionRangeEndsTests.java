package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rows at either end of the partitions, on PostgreSQL and MariaDB: a row of a month beyond the
 * partitions made ahead (a clock ahead of this instance's, an import) moves into a partition of its
 * month on the next run, without waiting for the clock to reach it; a row from before the first
 * partition, which PostgreSQL keeps in the default partition and gives a partition of its own, stays
 * on MariaDB in the first partition, whose range has no lower bound, and leaves with it.
 */
class PartitionRangeEndsTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void aRowBeyondThePartitionsMadeAheadMovesOnTheNextRunWithoutWaitingForItsMonth(Database database) throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH, Map.of())) {
			String prefix = (database == Database.POSTGRESQL) ? "post_" : "";
			String tagPrefix = (database == Database.POSTGRESQL) ? "post_tag_" : "";
			String october = save(blog, Instant.parse("2026-10-05T08:00:00Z"), "october");
			String august = save(blog, Instant.parse("2026-08-20T08:00:00Z"), "august");
			assertThat(blog.partitionOf("post", "id", october)).isEqualTo((database == Database.POSTGRESQL) ? "post_default" : "pmax");

			PartitionMaintenance.Run run = blog.maintainer().maintain();
			assertThat(run.succeeded()).isTrue();
			assertThat(blog.partitionOf("post", "id", october)).as("the row of October, in March").isEqualTo(prefix + "p202610");
			assertThat(blog.partitionOf("post_tag", "post_id", october)).isEqualTo(tagPrefix + "p202610");
			assertThat(blog.partitionOf("post", "id", august)).isEqualTo(prefix + "p202608");
			assertThat(blog.bean(PostRepository.class).findById(october).orElseThrow().getTags()).containsExactly("october");
			if (database == Database.MARIADB) {
				// ranges follow one another: every month up to the row's has its partition
				assertThat(blog.partitionNames("post")).containsExactly("p202603", "p202604", "p202605", "p202606",
						"p202607", "p202608", "p202609", "p202610", "pmax");
			}
			assertThat(blog.maintainer().maintain().statements()).as("a second run").isEmpty();
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void aRowFromBeforeTheFirstPartitionStaysInItOnMariaDbAndLeavesWithIt(Database database) throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH,
				Map.of("time-sorted-id.partitions.Post.retention", "60d"))) {
			String november = save(blog, Instant.parse("2025-11-20T08:00:00Z"), "november");
			PartitionMaintenance.Run run = blog.maintainer().maintain();
			assertThat(run.succeeded()).isTrue();
			if (database == Database.POSTGRESQL) {
				// the default partition held it; its month's partition, past the retention, leaves at once
				assertThat(run.statements()).anyMatch(sql -> sql.contains("post_p202511"));
				assertThat(blog.partitionNames("post")).doesNotContain("post_p202511");
				assertThat(blog.jdbc.queryForObject("SELECT title FROM post_p202511 WHERE id = ?", String.class, november))
					.isEqualTo("november");
				return;
			}
			assertThat(run.statements()).as("nothing to move: the first partition takes every lower ID").isEmpty();
			assertThat(blog.partitionOf("post", "id", november)).isEqualTo("p202603");
			assertThat(blog.bean(PostRepository.class).findById(november)).isPresent();
			blog.clock.set(Instant.parse("2026-06-15T00:00:00Z"));
			assertThat(blog.maintainer().maintain().succeeded()).isTrue();
			assertThat(blog.partitionNames("post")).doesNotContain("p202603");
			assertThat(blog.jdbc.queryForObject("SELECT title FROM post_p202603 WHERE id = ?", String.class, november))
				.as("retired with March's partition, not before").isEqualTo("november");
			// MariaDB's information_schema lists the tables of every database of the server, which other
			// tests count
			blog.jdbc.execute("DROP TABLE post_tag_p202603, post_p202603");
		}
	}

	/**
	 * A second back-fill of a month the retention already detached: its rows join that month's
	 * detached table with their tags (beside the table, or in the archive schema), where the first
	 * back-fill's rows went, rather than stopping the table's maintenance run after run; the first
	 * back-fill sent again is left out, the detached table keeping its rows.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "", "archive" })
	void rowsOfAMonthTheRetentionAlreadyDetachedJoinItsTable(String archive) throws Exception {
		Map<String, Object> settings = new LinkedHashMap<>(Map.of("time-sorted-id.partitions.Post.retention", "60d"));
		if (!archive.isEmpty()) {
			settings.put("time-sorted-id.partitions.Post.archive-schema", archive);
		}
		try (PartitionsContext blog = PartitionsContext.start(Database.POSTGRESQL, MARCH, settings)) {
			String schema = archive.isEmpty() ? "" : archive + ".";
			String first = save(blog, Instant.parse("2025-11-20T08:00:00Z"), "first");
			assertThat(blog.maintainer().maintain().succeeded()).isTrue();
			String late = save(blog, Instant.parse("2025-11-25T08:00:00Z"), "late");
			// and the first back-fill sent again, its row already retired
			blog.jdbc.update("INSERT INTO post (id, title) VALUES (?, ?)", first, "first again");
			blog.jdbc.update("INSERT INTO post_tag (post_id, tags) VALUES (?, ?)", first, "first again");
			PartitionMaintenance.Run run = blog.maintainer().maintain();
			assertThat(run.failures()).isEmpty();
			assertThat(blog.jdbc.queryForList("SELECT title FROM " + schema + "post_p202511 ORDER BY id", String.class))
				.containsExactly("first", "late");
			assertThat(blog.jdbc.queryForList("SELECT tags FROM " + schema + "post_tag_p202511 WHERE post_id = ?", String.class,
					first)).containsExactly("first");
			assertThat(blog.jdbc.queryForList("SELECT tags FROM " + schema + "post_tag_p202511 WHERE post_id = ?", String.class,
					late)).containsExactly("late");
			assertThat(blog.jdbc.queryForObject("SELECT count(*) FROM post_default", Long.class)).isZero();
			assertThat(blog.jdbc.queryForObject("SELECT count(*) FROM post_tag_default", Long.class)).isZero();
			assertThat(blog.partitionNames("post")).doesNotContain("post_p202511");
			assertThat(blog.bean(PostRepository.class).findById(first)).isEmpty();
			assertThat(blog.maintainer().maintain().statements()).as("a run after it").isEmpty();
		}
	}

	/**
	 * A month that cannot be made (a table of its name is there, not attached, and its month is not
	 * past the retention) is reported, and the months after it are made all the same.
	 */
	@Test
	void aMonthThatCannotBeMadeDoesNotKeepTheMonthsAfterItFromBeingMade() throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(Database.POSTGRESQL, MARCH, Map.of())) {
			assertThat(blog.maintainer().maintain().succeeded()).isTrue();
			blog.jdbc.execute("CREATE TABLE post_p202608 (LIKE post)");
			String august = save(blog, Instant.parse("2026-08-20T08:00:00Z"), "august");
			blog.clock.set(Instant.parse("2026-06-15T00:00:00Z"));
			PartitionMaintenance.Run run = blog.maintainer().maintain();
			// ATTACH would refuse August while its row waits in the default partition: the message says so
			assertThat(run.failures()).singleElement()
				.satisfies(failure -> assertThat(failure.cause().getMessage()).contains("post_p202608 of post cannot be made",
						"Rows of its interval wait in the default partition, which ATTACH refuses: rename post_p202608 "));
			assertThat(blog.partitionNames("post")).contains("post_p202609", "post_p202610").doesNotContain("post_p202608");
			assertThat(blog.partitionNames("post_tag")).contains("post_tag_p202609", "post_tag_p202610")
				.doesNotContain("post_tag_p202608");
			assertThat(blog.bean(PostRepository.class).findById(august)).isPresent();
			// as the message says: renamed, the next run makes August with its row
			blog.jdbc.execute("ALTER TABLE post_p202608 RENAME TO post_kept_aside");
			assertThat(blog.maintainer().maintain().failures()).isEmpty();
			assertThat(blog.partitionOf("post", "id", august)).isEqualTo("post_p202608");
		}
	}

	/** Saves a post with an ID minted for an instant other than the clock's, and a tag. */
	private static String save(PartitionsContext blog, Instant at, String title) {
		String id = blog.bean(TimeSortedIds.class).nextAt(Post.class, at);
		blog.jdbc.update("INSERT INTO post (id, title) VALUES (?, ?)", id, title);
		blog.jdbc.update("INSERT INTO post_tag (post_id, tags) VALUES (?, ?)", id, title);
		return id;
	}

}
