package io.github.timesortedid.partition;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.timesortedid.autoconfigure.fixtures.partitions.Comment;
import io.github.timesortedid.autoconfigure.fixtures.partitions.CommentRepository;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Reaction;
import io.github.timesortedid.autoconfigure.fixtures.partitions.ReactionId;
import io.github.timesortedid.autoconfigure.fixtures.partitions.ReactionRepository;
import io.github.timesortedid.metrics.TimeSortedIdMetrics;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.testsupport.Database;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.dao.DataIntegrityViolationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The maintenance of a partitioned table with a dependent collection table and a child entity
 * whose foreign key references it, on PostgreSQL and MariaDB: partitions made at startup and
 * ahead, rows that landed in the default partition moved into the partition made for them,
 * retention by detaching and by dropping, one run at a time with several instances, idempotent
 * runs, and failures reported while inserts go on.
 */
class PartitionMaintenanceTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void ddlAutoCreatesPartitionedTablesAndStartupMakesTheCurrentAndNextMonths(Database database) throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH, Map.of())) {
			String last = (database == Database.POSTGRESQL) ? "post_default" : "pmax";
			String prefix = (database == Database.POSTGRESQL) ? "post_" : "";
			assertThat(blog.partitionNames("post")).containsExactly(prefix + "p202603", prefix + "p202604",
					prefix + "p202605", prefix + "p202606", prefix + "p202607", last);
			String tagPrefix = (database == Database.POSTGRESQL) ? "post_tag_" : "";
			assertThat(blog.partitionNames("post_tag")).containsExactly(tagPrefix + "p202603", tagPrefix + "p202604",
					tagPrefix + "p202605", tagPrefix + "p202606", tagPrefix + "p202607",
					(database == Database.POSTGRESQL) ? "post_tag_default" : "pmax");

			Post post = blog.bean(PostRepository.class).insert(new Post("hello", "a", "b")).entity();
			Comment comment = blog.bean(CommentRepository.class).save(new Comment(post, "first"));
			assertThat(blog.partitionOf("post", "id", post.getId())).isEqualTo(prefix + "p202603");
			assertThat(blog.partitionOf("post_tag", "post_id", post.getId())).isEqualTo(tagPrefix + "p202603");
			assertThat(blog.bean(PostRepository.class).findById(post.getId()).orElseThrow().getTags())
				.containsExactlyInAnyOrder("a", "b");
			assertThat(blog.bean(CommentRepository.class).findById(comment.getId()).orElseThrow().getPost().getId())
				.isEqualTo(post.getId());
			if (database == Database.POSTGRESQL) {
				// the foreign key to the partitioned table holds
				assertThatExceptionOfType(DataIntegrityViolationException.class).isThrownBy(() -> blog.jdbc
					.update("INSERT INTO comment (id, post_id, text) VALUES ('cmt_x', 'post_01kjkb3q00e008000000000000', 'x')"));
			}
			PartitionMaintenance.Run again = blog.maintainer().maintain();
			assertThat(again.succeeded()).isTrue();
			assertThat(again.statements()).as("a second run in the same month has nothing to do").isEmpty();
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void rowsWithoutTheirPartitionGoToTheDefaultOneAndMoveIntoThePartitionMadeForThem(Database database)
			throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH, Map.of())) {
			String last = (database == Database.POSTGRESQL) ? "post_default" : "pmax";
			String prefix = (database == Database.POSTGRESQL) ? "post_" : "";
			blog.clock.set(Instant.parse("2026-09-02T08:00:00Z"));
			Post late = blog.bean(PostRepository.class).insert(new Post("late", "c", "d")).entity();
			Comment comment = blog.bean(CommentRepository.class).save(new Comment(late, "on a post in the default partition"));
			assertThat(blog.partitionOf("post", "id", late.getId())).isEqualTo(last);
			long foreignKeys = foreignKeys(blog);

			PartitionMaintenance.Run run = blog.maintainer().maintain();
			assertThat(run.succeeded()).isTrue();
			assertThat(blog.partitionOf("post", "id", late.getId())).isEqualTo(prefix + "p202609");
			assertThat(blog.partitionOf("post_tag", "post_id", late.getId())).isEqualTo(
					(database == Database.POSTGRESQL) ? "post_tag_p202609" : "p202609");
			assertThat(blog.bean(PostRepository.class).findById(late.getId()).orElseThrow().getTags())
				.containsExactlyInAnyOrder("c", "d");
			assertThat(blog.bean(CommentRepository.class).findById(comment.getId()).orElseThrow().getPost().getId())
				.isEqualTo(late.getId());
			assertThat(foreignKeys(blog)).as("the foreign keys dropped for the move are back").isEqualTo(foreignKeys);
			assertThat(blog.partitionNames("post")).contains(prefix + "p202610", prefix + "p202701");
			assertThat(blog.maintainer().maintain().statements()).isEmpty();
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void retentionDetachesPartitionsPastItAndKeepsTheirRowsInTablesOfTheirOwn(Database database) throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH,
				Map.of("time-sorted-id.partitions.Post.retention", "60d"))) {
			Post march = blog.bean(PostRepository.class).insert(new Post("march", "m")).entity();
			blog.clock.set(Instant.parse("2026-05-30T23:59:59Z"));
			assertThat(blog.maintainer().maintain().statements()).as("April 1 is a second less than 60 days before")
				.noneMatch(sql -> sql.contains("detach") || sql.contains("convert"));
			blog.clock.set(Instant.parse("2026-06-15T00:00:00Z"));
			PartitionMaintenance.Run run = blog.maintainer().maintain();
			assertThat(run.succeeded()).isTrue();
			String detached = (database == Database.POSTGRESQL) ? "post_p202603" : "post_p202603";
			assertThat(blog.partitionNames("post")).doesNotContain("post_p202603", "p202603");
			assertThat(blog.jdbc.queryForObject("SELECT title FROM " + detached + " WHERE id = ?", String.class, march.getId()))
				.isEqualTo("march");
			assertThat(blog.jdbc.queryForObject("SELECT tags FROM post_tag_p202603 WHERE post_id = ?", String.class,
					march.getId())).isEqualTo("m");
			assertThat(blog.bean(PostRepository.class).findById(march.getId())).isEmpty();
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void retentionCanDropPartitionsPastIt(Database database) throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH,
				Map.of("time-sorted-id.partitions.Post.retention", "31d", "time-sorted-id.partitions.Post.retention-action",
						"drop"))) {
			blog.bean(PostRepository.class).insert(new Post("march", "m"));
			blog.clock.set(Instant.parse("2026-05-15T00:00:00Z"));
			assertThat(blog.maintainer().maintain().succeeded()).isTrue();
			assertThat(blog.partitionNames("post")).noneMatch(name -> name.endsWith("p202603"));
			// MariaDB's information_schema lists the tables of every database on the server
			assertThat(blog.jdbc.queryForObject("SELECT count(*) FROM information_schema.tables WHERE table_name LIKE "
					+ "'post%p202603' AND table_schema = " + ((database == Database.POSTGRESQL) ? "current_schema()"
							: "DATABASE()"), Long.class)).isZero();
			assertThat(blog.jdbc.queryForObject("SELECT count(*) FROM post", Long.class)).isZero();
		}
	}

	@Test
	void aPartitionWhoseRowsAChildStillReferencesStaysAndTheFailureIsReportedUntilTheChildIsGone() throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(Database.POSTGRESQL, MARCH,
				Map.of("time-sorted-id.partitions.Post.retention", "60d"))) {
			Post march = blog.bean(PostRepository.class).insert(new Post("march")).entity();
			blog.clock.set(Instant.parse("2026-05-20T00:00:00Z"));
			Comment may = blog.bean(CommentRepository.class).save(new Comment(march, "a comment of May on a post of March"));
			blog.clock.set(Instant.parse("2026-06-15T00:00:00Z"));
			MeterRegistry meters = blog.bean(MeterRegistry.class);
			PartitionMaintenance.Run run = blog.maintainer().maintain();
			assertThat(run.failures()).singleElement().satisfies(failure -> {
				assertThat(failure.table()).isEqualTo("post");
				assertThat(failure.cause()).hasMessageContaining("removing partition \"post_p202603\" violates foreign key");
			});
			assertThat(meters.get(TimeSortedIdMetrics.PARTITION_MAINTENANCE).tag("outcome", "failure").counter().count())
				.isOne();
			assertThat(meters.get(TimeSortedIdMetrics.PARTITION_MAINTENANCE_FAILURES).tag("table", "post").counter().count())
				.isOne();
			assertThat(blog.partitionNames("post")).contains("post_p202603");
			assertThat(blog.partitionNames("post_tag")).as("the dependent partition came back with the rollback")
				.contains("post_tag_p202603");
			// inserts go on meanwhile
			assertThat(blog.bean(PostRepository.class).insert(new Post("june")).created()).isTrue();

			blog.bean(CommentRepository.class).deleteById(may.getId());
			assertThat(blog.maintainer().maintain().succeeded()).isTrue();
			assertThat(blog.partitionNames("post")).doesNotContain("post_p202603");
			assertThat(meters.get(TimeSortedIdMetrics.PARTITION_MAINTENANCE).tag("outcome", "success").counter().count())
				.isGreaterThanOrEqualTo(1);
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void aFailedRunIsReportedInsertsGoOnAndALaterRunCatchesUp(Database database) throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH, Map.of())) {
			// something in the way of the August partition makes its creation fail: a table of its name on
			// PostgreSQL, a partition of its name on MariaDB
			String inTheWay = (database == Database.POSTGRESQL) ? "CREATE TABLE post_p202608 (x int)"
					: "ALTER TABLE post REORGANIZE PARTITION pmax INTO (PARTITION p202608 VALUES LESS THAN "
							+ "('post_01kyx9xp00e008000000000001'), PARTITION pmax VALUES LESS THAN (MAXVALUE))";
			String outOfTheWay = (database == Database.POSTGRESQL) ? "DROP TABLE post_p202608"
					: "ALTER TABLE post REORGANIZE PARTITION p202608, pmax INTO (PARTITION pmax VALUES LESS THAN (MAXVALUE))";
			blog.jdbc.execute(inTheWay);
			blog.clock.set(Instant.parse("2026-04-10T00:00:00Z"));
			PartitionMaintenance.Run failed = blog.maintainer().maintain();
			assertThat(failed.failures()).extracting(PartitionMaintenance.Failure::table).containsExactly("post");
			blog.clock.set(Instant.parse("2026-08-10T00:00:00Z"));
			Post august = blog.bean(PostRepository.class).insert(new Post("august", "x")).entity();
			assertThat(blog.bean(PostRepository.class).findById(august.getId())).isPresent();

			blog.jdbc.execute(outOfTheWay);
			assertThat(blog.maintainer().maintain().succeeded()).isTrue();
			assertThat(blog.partitionOf("post", "id", august.getId())).endsWith("p202608");
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void oneInstanceAtATimeRunsItTheOthersSkipTheirTurn(Database database) throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH, Map.of());
				PartitionsContext other = new PartitionsContext(database, blog.dataSource, MARCH,
						Map.of("spring.jpa.hibernate.ddl-auto", "none"))) {
			try (Connection holder = blog.dataSource.getConnection(); Statement statement = holder.createStatement()) {
				statement.execute((database == Database.POSTGRESQL)
						? "SELECT pg_advisory_lock(" + 0x7473_6964_7061_7274L + ")"
						: "SELECT GET_LOCK(CONCAT('time-sorted-id.partitions.', DATABASE()), 10)");
				PartitionMaintenance.Run skipped = other.maintainer().maintain();
				assertThat(skipped.ran()).isFalse();
				assertThat(other.bean(MeterRegistry.class).get(TimeSortedIdMetrics.PARTITION_MAINTENANCE)
					.tag("outcome", "skipped").counter().count()).isOne();
			}
			blog.clock.set(Instant.parse("2026-12-01T00:00:00Z"));
			other.clock.set(Instant.parse("2026-12-01T00:00:00Z"));
			ExecutorService pool = Executors.newFixedThreadPool(4);
			try {
				List<Callable<PartitionMaintenance.Run>> runs = List.of(blog.maintainer()::maintain,
						other.maintainer()::maintain, blog.maintainer()::maintain, other.maintainer()::maintain);
				long made = 0;
				for (Future<PartitionMaintenance.Run> run : pool.invokeAll(runs)) {
					assertThat(run.get().failures()).isEmpty();
					made += run.get().statements().size();
				}
				assertThat(made).as("each partition made once").isPositive();
			}
			finally {
				pool.shutdown();
			}
			assertThat(blog.partitionNames("post")).doesNotHaveDuplicates().contains(
					(database == Database.POSTGRESQL) ? "post_p202604" : "p202604",
					(database == Database.POSTGRESQL) ? "post_p202704" : "p202704");
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void typedIdsAreStoredFoundPagedAndResolvedInAPartitionedTable(Database database) throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(database, MARCH,
				Map.of("time-sorted-id.partitions.Reaction.interval", "day", "time-sorted-id.partitions.Reaction.premake", "2"))) {
			ReactionRepository reactions = blog.bean(ReactionRepository.class);
			ReactionId first = reactions.insert(new Reaction("+1")).entity().getId();
			blog.clock.set(MARCH.plusSeconds(86_400));
			ReactionId second = reactions.insert(new Reaction("heart")).entity().getId();
			assertThat(blog.partitionOf("reaction", "id", first.value())).endsWith("p20260315");
			assertThat(blog.partitionOf("reaction", "id", second.value())).endsWith("p20260316");
			assertThat(reactions.findById(second).orElseThrow().getEmoji()).isEqualTo("heart");
			assertThat(reactions.findPageAfter(first, 5)).extracting(Reaction::getId).containsExactly(second);
			assertThat(reactions.findPageBefore(second, 5)).extracting(Reaction::getId).containsExactly(first);
			assertThat(blog.bean(IdResolver.class).find(first.value(), Reaction.class).orElseThrow().getEmoji())
				.isEqualTo("+1");
		}
	}

	/** The foreign keys of the schema, not counting the copies PostgreSQL keeps per partition. */
	private static long foreignKeys(PartitionsContext blog) {
		return (blog.database == Database.POSTGRESQL)
				? blog.jdbc.queryForObject("SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conparentid = 0",
						Long.class)
				: blog.jdbc.queryForObject("SELECT count(*) FROM information_schema.referential_constraints "
						+ "WHERE constraint_schema = DATABASE()", Long.class);
	}

}
