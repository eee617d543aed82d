package io.github.timesortedid.docs.databases.snowflake;

import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's move from {@code bigserial} / {@code AUTO_INCREMENT} to snowflake keys, on PostgreSQL
 * and MariaDB: rows written under the sequence, the migration, then new rows through Hibernate,
 * which validates the table; {@code ORDER BY id} is still creation order.
 */
class SnowflakeMigrationTests {

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void newKeysSortAfterTheSequencesKeys(Database database) {
		DataSource dataSource = database.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute((database == Database.POSTGRESQL) ? "CREATE TABLE post (id bigserial PRIMARY KEY, title varchar(255))"
				: "CREATE TABLE post (id bigint AUTO_INCREMENT PRIMARY KEY, title varchar(255))");
		for (String title : List.of("old 1", "old 2", "old 3")) {
			jdbc.update("INSERT INTO post (title) VALUES (?)", title);
		}
		new ResourceDatabasePopulator(new ClassPathResource("sql/bigserial-to-snowflake-" + database.label() + ".sql"))
			.execute(dataSource);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SnowflakeApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("spring.jpa.hibernate.ddl-auto=validate")
			.run()) {
			PostRepository posts = context.getBean(PostRepository.class);
			posts.save(new Post("new 1"));
			posts.save(new Post("new 2"));
		}
		assertThat(jdbc.queryForList("SELECT title FROM post ORDER BY id", String.class)).containsExactly("old 1", "old 2",
				"old 3", "new 1", "new 2");
	}

}
