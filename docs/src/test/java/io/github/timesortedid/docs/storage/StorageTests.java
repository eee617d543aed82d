package io.github.timesortedid.docs.storage;

import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's ways of choosing binary storage, on PostgreSQL: the annotation, the global setting
 * and an entity's override over both, checked in the column types Hibernate creates.
 */
class StorageTests {

	@ParameterizedTest
	@CsvSource({ "config/storage.yml, uuid, character varying, uuid", "config/storage-migrated.yml, uuid, uuid, uuid" })
	void theMostSpecificSettingWins(String config, String post, String auditEntry, String label) {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(StorageApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("spring.config.import=classpath:" + config, "spring.jpa.hibernate.ddl-auto=create")
			.run()) {
			Map<String, String> types = Map.of("post", post, "audit_entry", auditEntry, "label", label);
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			types.forEach((table, type) -> assertThat(jdbc.queryForObject(
					"SELECT data_type FROM information_schema.columns WHERE table_name = ? AND column_name = 'id'",
					String.class, table))
				.as(table)
				.isEqualTo(type));
		}
	}

}
