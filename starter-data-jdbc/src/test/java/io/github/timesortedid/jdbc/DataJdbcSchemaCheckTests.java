package io.github.timesortedid.jdbc;

import javax.sql.DataSource;

import io.github.timesortedid.jdbc.blog.BlogApplication;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start-up checks of the model over what Spring Data JDBC maps: a column too short for its IDs, or
 * of the wrong kind, or missing with its table, stops startup with the failure analysis and the DDL that
 * fixes it; so does an entity override that names no aggregate.
 */
class DataJdbcSchemaCheckTests {

	/**
	 * The blog's tables with a post ID column too short, references to authors and from comments to posts
	 * too short, a 32-bit snowflake column.
	 */
	private static final String DDL = DataJdbcContexts.BLOG.replace("post (id varchar(64)", "post (id varchar(20)")
		.replace("post varchar(64) not null, post_key int", "post varchar(20) not null, post_key int")
		.replace("author_id varchar(64)", "author_id varchar(20)")
		.replace("reading (id bigint", "reading (id int");

	@ParameterizedTest
	@EnumSource(Database.class)
	void columnsThatCannotHoldTheirIdsFailStartupWithTheirFix(Database database) throws Exception {
		blog(database).run(context -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
			assertThat(analysis.getDescription()).containsIgnoringCase("column 'id'")
				.contains("which holds at most 20 characters, but its IDs need 31")
				.contains("a reference of Post.authorId to")
				.contains("a reference of Post.comments to")
				.contains("which holds 32 bits");
			assertThat(analysis.getAction()).containsIgnoringCase("post")
				.contains("varchar(31)")
				.contains("varchar(33)")
				.contains("bigint");
		});
	}

	/**
	 * Spring Data JDBC validates no schema, so a table of an aggregate that is not there, or a column
	 * that holds IDs missing from its table, stops startup here, where it would otherwise show first as
	 * the failure of the statement that needs it.
	 */
	@ParameterizedTest
	@EnumSource(Database.class)
	void aMissingTableOrIdColumnFailsStartupNamingIt(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource, DataJdbcContexts.BLOG.replace(" author_id varchar(64),", "")
			.replaceAll("create table tag \\([^;]*\\);", ""));
		DataJdbcContexts.withLibrary(dataSource)
			.withPropertyValues("time-sorted-id.snowflake.node-id=7")
			.withUserConfiguration(BlogApplication.class)
			.run(context -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
				assertThat(analysis.getDescription()).startsWith("2 columns cannot hold the IDs they are given:")
					// the table once, with both ID columns it would hold, in an order of their own
					.containsPattern("Table '(tag|TAG)' \\(Tag.id, a reference of Post.tags to Post.id\\) does not exist.")
					.doesNotContainPattern("(?s)Table '(tag|TAG)' [^\n]* does not exist.*Table '(tag|TAG)' [^\n]* does not exist")
					.containsPattern("Table '(post|POST)' has no column 'author_id' \\(a reference of Post.authorId to ");
				assertThat(analysis.getAction()).containsIgnoringCase("Create table 'tag'")
					.containsIgnoringCase("Add the column to table 'post'")
					.contains("AggregateIds.ddl(aggregate, database, types) prints the DDL of an aggregate's tables");
			});
		DataJdbcContexts.withLibrary(dataSource)
			.withPropertyValues("time-sorted-id.snowflake.node-id=7", "time-sorted-id.schema-check.enabled=false")
			.withUserConfiguration(BlogApplication.class)
			.run(context -> assertThat(context).hasNotFailed());
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void theCheckCanBeTurnedOff(Database database) throws Exception {
		blog(database).withPropertyValues("time-sorted-id.schema-check.enabled=false")
			.run(context -> assertThat(context).hasNotFailed());
	}

	@Test
	void anEntityOverrideThatNamesNoAggregateFailsStartupNamingTheKnownOnes() throws Exception {
		blog(Database.H2).withPropertyValues("time-sorted-id.schema-check.enabled=false", "time-sorted-id.entities.Psot.prefix=p")
			.run(context -> {
				FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
				assertThat(analysis.getDescription())
					.isEqualTo("The property time-sorted-id.entities.Psot.* names no entity with a @TimeSortedId attribute.");
				assertThat(analysis.getAction()).contains("a Spring Data JDBC entity's simple class name").contains("Post");
			});
	}

	private static ApplicationContextRunner blog(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource, DDL);
		return DataJdbcContexts.withLibrary(dataSource)
			.withPropertyValues("time-sorted-id.snowflake.node-id=7")
			.withUserConfiguration(BlogApplication.class);
	}

}
