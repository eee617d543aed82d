package io.github.timesortedid.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import io.github.timesortedid.model.DatabaseKind;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Spring Data JDBC applications as Spring Boot starts them, with and without the library's adapter. */
final class DataJdbcContexts {

	/** The tables of the blog's aggregates ({@code io.github.timesortedid.jdbc.blog}), each column fit for its IDs. */
	static final String BLOG = """
			create table author (id varchar(64) primary key, name varchar(100));
			create table post (id varchar(64) primary key, title varchar(200), author_id varchar(64),
				share_token varchar(64){bytes});
			create table comment (id varchar(64) primary key, post varchar(64) not null, post_key int not null,
				body varchar(200));
			create table tag (id varchar(64) primary key, post varchar(64) not null, name varchar(100));
			create table attachment (id varchar(64) primary key, post varchar(64) not null, post_key varchar(100) not null,
				file_name varchar(100));
			create table invoice (id varchar(64) primary key, version bigint, cents int);
			create table reading (id bigint primary key, celsius double precision);
			create table device (id uuid primary key, name varchar(100))
			""";

	private DataJdbcContexts() {
	}

	/** Spring Boot's JDBC and Spring Data JDBC auto-configurations over a data source, without time-sorted-id. */
	static ApplicationContextRunner plain(DataSource dataSource) {
		return new ApplicationContextRunner().withBean(DataSource.class, () -> dataSource)
			.withConfiguration(AutoConfigurations.of(JdbcTemplateAutoConfiguration.class,
					DataSourceTransactionManagerAutoConfiguration.class, DataJdbcRepositoriesAutoConfiguration.class));
	}

	/** The same with time-sorted-id. */
	static ApplicationContextRunner withLibrary(DataSource dataSource) {
		return plain(dataSource).withConfiguration(
				AutoConfigurations.of(TimeSortedIdAutoConfiguration.class, TimeSortedIdDataJdbcAutoConfiguration.class));
	}

	/**
	 * Runs DDL with unquoted names, which each database folds the way Spring Data JDBC's dialect for it
	 * quotes them (upper case on H2, lower case on PostgreSQL, as written on MariaDB); {@code {bytes}}
	 * stands for the database's byte-wise collation, which case-sensitive IDs need.
	 */
	static void create(DataSource dataSource, String ddl) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			String bytes = DatabaseKind.ofProductName(connection.getMetaData().getDatabaseProductName()).byteCollation();
			for (String sql : ddl.split(";")) {
				if (!sql.isBlank()) {
					statement.execute(sql.replace("{bytes}", bytes));
				}
			}
		}
	}

}
