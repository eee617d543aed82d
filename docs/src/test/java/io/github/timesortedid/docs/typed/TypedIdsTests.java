package io.github.timesortedid.docs.typed;

import java.time.Instant;
import java.util.List;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The guide's typed IDs: minted ahead, refusing other types' IDs, and ranges and pages of them. */
@SpringBootTest(classes = TypedApplication.class)
class TypedIdsTests {

	@Autowired
	private TimeSortedIds ids;

	@Autowired
	private PostRepository posts;

	@Test
	void typedIdsAreMintedByTypeOrByEntity() {
		TimeSortedIds ids = this.ids;
		// tag::mint[]
		PostId id = ids.next(PostId.class); // by typed ID
		PostId same = ids.next(Post.class); // by entity (inherited IDs too: ids.next(Car.class) -> veh_…)
		// end::mint[]
		assertThat(id.value()).startsWith("post_").hasSize(31);
		assertThat(same.value()).isGreaterThan(id.value());
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> new PostId("acct_01m80rs6chfewt7g6esxehmtnx"))
			.withMessageContaining("expected an ID starting with 'post_'");
	}

	@Test
	void historicalRowsAreImportedWithIdsOfTheirOwnTime() {
		TimeSortedIds ids = this.ids;
		PostRepository posts = this.posts;
		List<LegacyPost> legacyPosts = List.of(new LegacyPost("first", Instant.parse("2019-03-01T12:00:00Z")),
				new LegacyPost("second", Instant.parse("2019-03-01T12:00:00Z")),
				new LegacyPost("third", Instant.parse("2019-03-02T08:30:00.250Z")));
		// tag::mint-at[]
		for (LegacyPost legacy : legacyPosts) {
			Post post = new Post(legacy.title());
			post.setId(ids.nextAt(Post.class, legacy.createdAt())); // an ID of the row's own time
			posts.save(post);
		}
		// end::mint-at[]
		assertThat(posts.findCreatedBetween(Instant.parse("2019-03-01T00:00:00Z"), Instant.parse("2019-03-03T00:00:00Z")))
			.extracting(Post::getTitle)
			.containsExactly("first", "second", "third");
		assertThat(posts.findCreatedBetween(Instant.parse("2019-03-02T08:30:00.250Z"), Instant.parse("2019-03-02T08:30:00.251Z")))
			.extracting(Post::getTitle)
			.containsExactly("third");
	}

	@Test
	void anAlgorithmMintsForAnInstantWithoutSpring() {
		// tag::mint-at-core[]
		IdFormat posts = IdFormat.of("post", "_", IdAlgorithms.create(IdAlgorithms.UUIDV7, AlgorithmOptions.defaults()));
		String first = posts.nextAt(Instant.parse("2019-03-01T12:00:00Z")); // post_01d4wj07g0…
		String second = posts.nextAt(Instant.parse("2019-03-01T12:00:00Z")); // above first, same instant
		// end::mint-at-core[]
		assertThat(first).startsWith("post_01d4wj07g0").isLessThan(second);
		assertThat(posts.instantOf(second)).isEqualTo(Instant.parse("2019-03-01T12:00:00Z"));
		IdFormat tokens = IdFormat.of("tok", "_", IdAlgorithms.create(IdAlgorithms.RANDOM, AlgorithmOptions.defaults()));
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> tokens.nextAt(Instant.now()))
			.withMessage("random IDs carry no time, so they have no creation instant and no time range; use a "
					+ "time-ordered algorithm such as uuidv7 for that");
	}

	/** A row of the system the posts are imported from, with the time it was written. */
	private record LegacyPost(String title, Instant createdAt) {
	}

	@Test
	void rangesAndPagesAreKeyRanges() {
		Instant from = Instant.now();
		List<Post> saved = this.posts.saveAll(List.of(new Post("one"), new Post("two"), new Post("three")));
		Instant to = Instant.now().plusMillis(1);
		PostRepository posts = this.posts;
		PostId lastId = saved.get(0).getId();
		// tag::ranges[]
		posts.findCreatedBetween(from, to); // created in [from, to), oldest first
		posts.findCreatedSince(from); // created at or after from, oldest first
		posts.findCreatedBefore(to); // created before to, oldest first
		posts.findPageAfter(lastId, 20); // the next 20 in creation order (lastId null: the first 20)
		posts.findPageBefore(lastId, 20); // the next 20 newest first (lastId null: the newest 20)
		// end::ranges[]
		assertThat(posts.findCreatedBetween(from, to)).extracting(Post::getTitle).containsExactly("one", "two", "three");
		assertThat(posts.findCreatedSince(from)).extracting(Post::getTitle).containsExactly("one", "two", "three");
		assertThat(posts.findCreatedBefore(from)).extracting(Post::getTitle).doesNotContain("one", "two", "three");
		assertThat(posts.findPageAfter(lastId, 20)).extracting(Post::getTitle).containsExactly("two", "three");
		assertThat(posts.findPageBefore(saved.get(2).getId(), 20)).extracting(Post::getTitle)
			.startsWith("two", "one");
	}

}
