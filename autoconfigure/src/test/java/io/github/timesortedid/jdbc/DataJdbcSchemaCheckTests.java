package io.github.timesortedid.jdbc;

import javax.sql.DataSource;

import io.github.timesortedid.jdbc.blog.BlogApplication;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start-up schema check of the model, run over the tables Spring Data JDBC maps: a column too short
 * for its IDs, or of the wrong kind, stops startup with the failure analysis and the DDL that fixes it.
 */
class DataJdbcSchemaCheckTests {

	private static final String DDL = """
			create table author (id varchar(64) primary key, name varchar(100));
			create table post (id varchar(20) primary key, title varchar(200), author_id varchar(20),
				share_token varchar(64){bytes});
			create table comment (id varchar(64) primary key, post varchar(64) not null, post_key int not null,
				body varchar(200));
			create table invoice (id varchar(64) primary key, version bigint, cents int);
			create table reading (id int primary key, celsius double precision);
			create table device (id uuid primary key, name varchar(100))
			""";

	@ParameterizedTest
	@EnumSource(Database.class)
	void columnsThatCannotHoldTheirIdsFailStartupWithTheirFix(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource, DDL);
		DataJdbcContexts.withLibrary(dataSource)
			.withPropertyValues("time-sorted-id.snowflake.node-id=7")
			.withUserConfiguration(BlogApplication.class)
			.run(context -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
				assertThat(analysis.getDescription()).containsIgnoringCase("column 'id'")
					.contains("which holds at most 20 characters, but its IDs need 31")
					.contains("a reference of Post.authorId to")
					.contains("which holds 32 bits");
				assertThat(analysis.getAction()).containsIgnoringCase("post")
					.contains("varchar(31)")
					.contains("varchar(33)")
					.contains("bigint");
			});
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void theCheckCanBeTurnedOff(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource, DDL);
		DataJdbcContexts.withLibrary(dataSource)
			.withPropertyValues("time-sorted-id.snowflake.node-id=7", "time-sorted-id.schema-check.enabled=false")
			.withUserConfiguration(BlogApplication.class)
			.run(context -> assertThat(context).hasNotFailed());
	}

}
