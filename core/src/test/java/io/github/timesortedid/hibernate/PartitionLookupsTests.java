package io.github.timesortedid.hibernate;

import java.util.List;

import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The statement inspector that writes an ID's interval into the statement that loads it, on the
 * statements Hibernate 7 writes for loads by ID (seen in the logs of the partitioned-table tests).
 */
class PartitionLookupsTests {

	private static final PartitionLookups.Loader POST = PartitionLookups.Loader.of("post", "id",
			List.of(new PartitionedTable.Part(null, "post_tag", "post_id", false)));

	private static final PartitionLookups.Pending JULY = new PartitionLookups.Pending(POST,
			new PartitionedTable.Interval("'post_01jz0000000000000000000000'", "'post_01k1g000000000000000000000'"));

	private static final String BOUNDS = " and p1_0.id>='post_01jz0000000000000000000000' and p1_0.id<'post_01k1g000000000000000000000'";

	/** An inspector with a load of a July post under way. */
	private static PartitionLookups inJuly() {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		lookups.begin(JULY);
		return lookups;
	}

	@Test
	void aLoadByIdGetsTheBoundsAfterItsIdCondition() {
		PartitionLookups lookups = inJuly();
		assertThat(lookups.inspect("select p1_0.id,p1_0.title from post p1_0 where p1_0.id=?"))
			.isEqualTo("select p1_0.id,p1_0.title from post p1_0 where p1_0.id=?" + BOUNDS);
	}

	@Test
	void joinsAndALockStayWhereTheyAre() {
		PartitionLookups lookups = inJuly();
		assertThat(lookups.inspect("select p1_0.id,a1_0.id,a1_0.name from post p1_0 left join author a1_0 on a1_0.id=p1_0.author_id "
				+ "where p1_0.id=? for no key update"))
			.isEqualTo("select p1_0.id,a1_0.id,a1_0.name from post p1_0 left join author a1_0 on a1_0.id=p1_0.author_id "
					+ "where p1_0.id=?" + BOUNDS + " for no key update");
	}

	@Test
	void aTablePartitionedAlikeThatTheStatementJoinsGetsTheBoundsInItsOn() {
		PartitionLookups lookups = inJuly();
		String tags = " and t1_0.post_id>='post_01jz0000000000000000000000' and t1_0.post_id<'post_01k1g000000000000000000000'";
		assertThat(lookups.inspect("select p1_0.id,t1_0.post_id,t1_0.tags,p1_0.title from post p1_0 left join post_tag t1_0 "
				+ "on p1_0.id=t1_0.post_id where p1_0.id=?"))
			.isEqualTo("select p1_0.id,t1_0.post_id,t1_0.tags,p1_0.title from post p1_0 left join post_tag t1_0 "
					+ "on p1_0.id=t1_0.post_id" + tags + " where p1_0.id=?" + BOUNDS);
		lookups.begin(JULY);
		// the other way round; and a join of the same table to another alias (an author's posts) is not the loaded row's
		assertThat(lookups.inspect("select p1_0.id from post p1_0 left join post_tag t1_0 on t1_0.post_id=p1_0.id "
				+ "left join post_tag t2_0 on a1_0.id=t2_0.post_id where p1_0.id=?"))
			.isEqualTo("select p1_0.id from post p1_0 left join post_tag t1_0 on t1_0.post_id=p1_0.id" + tags
					+ " left join post_tag t2_0 on a1_0.id=t2_0.post_id where p1_0.id=?" + BOUNDS);
	}

	@Test
	void onlyTheFirstStatementThatLoadsTheTableByIdTakesTheBounds() {
		PartitionLookups lookups = inJuly();
		String tags = "select t1_0.post_id,t1_0.tag from post_tags t1_0 where t1_0.post_id=?";
		String posts = "select p1_0.id from post p1_0 where p1_0.author_id=?";
		String byIds = "select p1_0.id from post p1_0 where p1_0.id in (?,?)";
		assertThat(lookups.inspect(tags)).isEqualTo(tags);
		assertThat(lookups.inspect(posts)).isEqualTo(posts);
		assertThat(lookups.inspect(byIds)).isEqualTo(byIds);
		assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?")).endsWith(BOUNDS);
		assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?")).doesNotContain(">=");
	}

	@Test
	void aConditionFollowedByAnAlternativeIsLeftAlone() {
		PartitionLookups lookups = inJuly();
		String either = "select p1_0.id from post p1_0 where p1_0.id=? or p1_0.title=?";
		assertThat(lookups.inspect(either)).isEqualTo(either);
		lookups.begin(JULY);
		String joined = "select p1_0.id from post p1_0 left join post_tag t1_0 on p1_0.id=t1_0.post_id or t1_0.post_id is null "
				+ "where p1_0.id=?";
		assertThat(lookups.inspect(joined)).isEqualTo(joined.replace("where p1_0.id=?", "where p1_0.id=?" + BOUNDS));
	}

	@Test
	void aTableWhoseNameStartsLikeAnotherIsNotIt() {
		PartitionLookups lookups = inJuly();
		String comments = "select p1_0.id from post_comment p1_0 where p1_0.id=?";
		assertThat(lookups.inspect(comments)).isEqualTo(comments);
	}

	@Test
	void aQuotedTableIsMatchedAsHibernateWritesIt() {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		PartitionLookups.Loader quoted = PartitionLookups.Loader.of("\"Post\"", "\"postId\"", List.of());
		lookups.begin(new PartitionLookups.Pending(quoted, new PartitionedTable.Interval("1", "2")));
		assertThat(lookups.inspect("select p1_0.\"postId\" from \"Post\" p1_0 where p1_0.\"postId\"=?"))
			.isEqualTo("select p1_0.\"postId\" from \"Post\" p1_0 where p1_0.\"postId\"=? and p1_0.\"postId\">=1 and p1_0.\"postId\"<2");
	}

	@Test
	void aNestedLoadHasItsOwnBoundsAndTheOuterOnesComeBack() {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		PartitionLookups.Pending outer = lookups.begin(JULY);
		PartitionLookups.Pending august = new PartitionLookups.Pending(POST, new PartitionedTable.Interval("'a'", "'b'"));
		PartitionLookups.Pending inner = lookups.begin(august);
		assertThat(inner).isEqualTo(JULY);
		lookups.end(inner);
		assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?")).endsWith(BOUNDS);
		lookups.end(outer);
		assertThat(outer).isNull();
		assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?")).doesNotContain(">=");
	}

	@Test
	void aLoadThatFailsLeavesNoBoundsBehind() {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		assertThatIllegalStateException().isThrownBy(() -> lookups.during(JULY, () -> {
			throw new IllegalStateException("the connection broke");
		}));
		assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?")).doesNotContain(">=");
		lookups.during(null, () -> assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?"))
			.doesNotContain(">="));
		lookups.during(JULY, () -> assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?"))
			.endsWith(BOUNDS));
	}

	@Test
	void withoutALoadUnderWayEveryStatementPassesAndTheApplicationsInspectorRunsFirst() {
		PartitionLookups lookups = new PartitionLookups(sql -> sql.replace("post p1_0", "post p1_0 /* app */"));
		assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?"))
			.isEqualTo("select p1_0.id from post p1_0 /* app */ where p1_0.id=?");
		lookups.begin(JULY);
		// what the application's inspector made is what gets the bounds
		assertThat(lookups.inspect("select p1_0.id from post p1_0 where p1_0.id=?"))
			.isEqualTo("select p1_0.id from post p1_0 /* app */ where p1_0.id=?" + BOUNDS);
	}

}
