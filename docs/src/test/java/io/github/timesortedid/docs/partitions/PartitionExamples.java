package io.github.timesortedid.docs.partitions;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partition.PartitionMaintainer;
import io.github.timesortedid.partitioning.PartitionMaintenance;

/** The guide's Java examples of partitions: bounds, a maintenance run on demand, a page, the DDL for a migration. */
class PartitionExamples {

	private final TimeSortedIdRegistry registry;

	private final PartitionMaintainer maintainer;

	private final PostRepository posts;

	PartitionExamples(TimeSortedIdRegistry registry, PartitionMaintainer maintainer, PostRepository posts) {
		this.registry = registry;
		this.maintainer = maintainer;
		this.posts = posts;
	}

	/** The bounds of May 2026's partition, as the column holds them. */
	List<Object> mayBounds() {
		// tag::bounds[]
		IdField postId = this.registry.identifierOf(Post.class).orElseThrow();
		Object from = postId.partitionBound(Instant.parse("2026-05-01T00:00:00Z"));   // "post_01kqgdbj00e008000000000000"
		Object to = postId.partitionBound(Instant.parse("2026-06-01T00:00:00Z"));     // "post_01kt07nv00e008000000000000"
		// end::bounds[]
		return List.of(from, to);
	}

	PartitionMaintenance.Run maintainNow() {
		// tag::maintain[]
		PartitionMaintenance.Run run = this.maintainer.maintain();   // on this thread, unless another instance runs it now
		if (!run.succeeded()) {
			run.failures().forEach(failure -> System.err.println(failure.table() + ": " + failure.cause().getMessage()));
		}
		// end::maintain[]
		return run;
	}

	/** The DDL of the posts' partitioned tables, with the partitions of the month of {@code now} and the next four. */
	String postDdl(Instant now) {
		// tag::ddl[]
		String script = this.registry.partitionMaintenance().orElseThrow()   // empty where nothing is partitioned (H2)
			.ddl("Post").orElseThrow()                                          // empty if Post's table is not partitioned
			.script(now);                                                       // a statement a line, each with its ';'
		// end::ddl[]
		return script;
	}

	List<Post> aPageAndADay(Post last) {
		// tag::queries[]
		List<Post> next = this.posts.findPageAfter(last.getId(), 20);   // at most two partitions per query
		Instant day = LocalDate.of(2026, 5, 4).atStartOfDay().toInstant(ZoneOffset.UTC);
		List<Post> ofTheDay = this.posts.findCreatedBetween(day, day.plusSeconds(86_400));   // May's partition alone
		// end::queries[]
		return List.of(next, ofTheDay).stream().flatMap(List::stream).toList();
	}

}
