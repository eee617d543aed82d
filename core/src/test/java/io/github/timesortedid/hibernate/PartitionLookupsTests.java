package io.github.timesortedid.hibernate;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.partitioning.PartitionedTable;
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

	/** What the first statement of a load of a July post becomes. */
	private static String inJuly(String sql) {
		return inJuly(new PartitionLookups(StatementInspector.NONE), sql);
	}

	private static String inJuly(PartitionLookups lookups, String sql) {
		String[] sent = new String[1];
		lookups.during(JULY, () -> sent[0] = lookups.inspect(sql));
		return sent[0];
	}

	@Test
	void aLoadByIdGetsTheBoundsAfterItsIdCondition() {
		assertThat(inJuly("select p1_0.id,p1_0.title from post p1_0 where p1_0.id=?"))
			.isEqualTo("select p1_0.id,p1_0.title from post p1_0 where p1_0.id=?" + BOUNDS);
	}

	@Test
	void joinsAndALockStayWhereTheyAre() {
		assertThat(inJuly("select p1_0.id,a1_0.id,a1_0.name from post p1_0 left join author a1_0 on a1_0.id=p1_0.author_id "
				+ "where p1_0.id=? for no key update"))
			.isEqualTo("select p1_0.id,a1_0.id,a1_0.name from post p1_0 left join author a1_0 on a1_0.id=p1_0.author_id "
					+ "where p1_0.id=?" + BOUNDS + " for no key update");
	}

	@Test
	void aTablePartitionedAlikeThatTheStatementJoinsGetsTheBoundsInItsOn() {
		String tags = " and t1_0.post_id>='post_01jz0000000000000000000000' and t1_0.post_id<'post_01k1g000000000000000000000'";
		assertThat(inJuly("select p1_0.id,t1_0.post_id,t1_0.tags,p1_0.title from post p1_0 left join post_tag t1_0 "
				+ "on p1_0.id=t1_0.post_id where p1_0.id=?"))
			.isEqualTo("select p1_0.id,t1_0.post_id,t1_0.tags,p1_0.title from post p1_0 left join post_tag t1_0 "
					+ "on p1_0.id=t1_0.post_id" + tags + " where p1_0.id=?" + BOUNDS);
		// the other way round; and a join of the same table to another alias (an author's posts) is not the loaded row's
		assertThat(inJuly("select p1_0.id from post p1_0 left join post_tag t1_0 on t1_0.post_id=p1_0.id "
				+ "left join post_tag t2_0 on a1_0.id=t2_0.post_id where p1_0.id=?"))
			.isEqualTo("select p1_0.id from post p1_0 left join post_tag t1_0 on t1_0.post_id=p1_0.id" + tags
					+ " left join post_tag t2_0 on a1_0.id=t2_0.post_id where p1_0.id=?" + BOUNDS);
	}

	@Test
	void onlyTheFirstStatementOfALoadMayTakeTheBoundsAndOnlyIfItIsTheLoadByTheId() {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		String byId = "select p1_0.id from post p1_0 where p1_0.id=?";
		for (String first : List.of("select t1_0.post_id,t1_0.tag from post_tags t1_0 where t1_0.post_id=?",
				"select p1_0.id from post p1_0 where p1_0.author_id=?", "select p1_0.id from post p1_0 where p1_0.id in (?,?)",
				"select p1_0.id from post p1_0 where p1_0.id = any (?)")) {
			List<String> sent = new ArrayList<>();
			lookups.during(JULY, () -> {
				sent.add(lookups.inspect(first));
				sent.add(lookups.inspect(byId));
			});
			// the statement of the load went without bounds (a batch); the one after it is another's (a callback's query)
			assertThat(sent).containsExactly(first, byId);
		}
		List<String> sent = new ArrayList<>();
		lookups.during(JULY, () -> {
			sent.add(lookups.inspect(byId));
			sent.add(lookups.inspect(byId));
		});
		assertThat(sent.get(0)).endsWith(BOUNDS);
		assertThat(sent.get(1)).isEqualTo(byId);
	}

	@Test
	void aRowReadBeforeAnyStatementSpendsTheLoadsBounds() {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		String byId = "select p1_0.id from post p1_0 where p1_0.id=?";
		String[] sent = new String[1];
		// a row from the second-level cache: its callbacks' queries come next
		lookups.during(JULY, () -> {
			lookups.loaded();
			sent[0] = lookups.inspect(byId);
		});
		assertThat(sent[0]).isEqualTo(byId);
		lookups.loaded();
		assertThat(lookups.inspect(byId)).isEqualTo(byId);
	}

	@Test
	void aConditionFollowedByAnAlternativeIsLeftAlone() {
		String either = "select p1_0.id from post p1_0 where p1_0.id=? or p1_0.title=?";
		assertThat(inJuly(either)).isEqualTo(either);
		String joined = "select p1_0.id from post p1_0 left join post_tag t1_0 on p1_0.id=t1_0.post_id or t1_0.post_id is null "
				+ "where p1_0.id=?";
		assertThat(inJuly(joined)).isEqualTo(joined.replace("where p1_0.id=?", "where p1_0.id=?" + BOUNDS));
	}

	@Test
	void aTableWhoseNameStartsLikeAnotherIsNotIt() {
		String comments = "select p1_0.id from post_comment p1_0 where p1_0.id=?";
		assertThat(inJuly(comments)).isEqualTo(comments);
	}

	@Test
	void aQuotedTableIsMatchedAsHibernateWritesIt() {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		PartitionLookups.Loader quoted = PartitionLookups.Loader.of("\"Post\"", "\"postId\"", List.of());
		String[] sent = new String[1];
		lookups.during(new PartitionLookups.Pending(quoted, new PartitionedTable.Interval("1", "2")),
				() -> sent[0] = lookups.inspect("select p1_0.\"postId\" from \"Post\" p1_0 where p1_0.\"postId\"=?"));
		assertThat(sent[0]).isEqualTo("select p1_0.\"postId\" from \"Post\" p1_0 where p1_0.\"postId\"=? and p1_0.\"postId\">=1 and p1_0.\"postId\"<2");
	}

	@Test
	void aNestedLoadHasItsOwnBoundsOrNoneAndNeverTheOuterOnes() {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		String byId = "select p1_0.id from post p1_0 where p1_0.id=?";
		PartitionLookups.Pending august = new PartitionLookups.Pending(POST, new PartitionedTable.Interval("'a'", "'b'"));
		List<String> sent = new ArrayList<>();
		// a refresh cascades before its own statement: the outer load's statement still comes first in its frame
		lookups.during(JULY, () -> {
			lookups.during(august, () -> sent.add(lookups.inspect(byId)));
			lookups.during(null, () -> sent.add(lookups.inspect(byId)));
			sent.add(lookups.inspect(byId));
			// after the outer load's statement, a nested load without bounds (a legacy ID) gets none
			lookups.during(null, () -> sent.add(lookups.inspect(byId)));
			sent.add(lookups.inspect(byId));
		});
		assertThat(sent).containsExactly(byId + " and p1_0.id>='a' and p1_0.id<'b'", byId, byId + BOUNDS, byId, byId);
	}

	@Test
	void aStatementOfAnotherThreadGetsNoBounds() throws Exception {
		PartitionLookups lookups = new PartitionLookups(StatementInspector.NONE);
		String byId = "select p1_0.id from post p1_0 where p1_0.id=?";
		List<String> sent = new ArrayList<>();
		lookups.during(JULY, () -> {
			Thread other = new Thread(() -> sent.add(lookups.inspect(byId)));
			other.start();
			try {
				other.join();
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
			sent.add(lookups.inspect(byId));
		});
		assertThat(sent).containsExactly(byId, byId + BOUNDS);
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
		// what the application's inspector made is what gets the bounds
		assertThat(inJuly(lookups, "select p1_0.id from post p1_0 where p1_0.id=?"))
			.isEqualTo("select p1_0.id from post p1_0 /* app */ where p1_0.id=?" + BOUNDS);
	}

}
