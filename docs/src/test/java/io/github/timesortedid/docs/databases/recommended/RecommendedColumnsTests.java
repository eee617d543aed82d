package io.github.timesortedid.docs.databases.recommended;

import javax.sql.DataSource;

import io.github.timesortedid.testsupport.Database;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's recommended DDL, run on PostgreSQL and MariaDB: Hibernate's schema validation and the
 * library's schema check (lengths, collations) accept it at startup, and posts sort in creation
 * order in it.
 */
class RecommendedColumnsTests {

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theRecommendedTablesPassTheChecksAndKeepCreationOrder(Database database) {
		DataSource dataSource = database.newDatabase();
		new ResourceDatabasePopulator(new ClassPathResource("sql/recommended-" + database.label() + ".sql"))
			.execute(dataSource);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(RecommendedApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("spring.jpa.hibernate.ddl-auto=validate")
			.run()) {
			EntityManager entityManager = context.getBean(EntityManager.class);
			String[] ids = new TransactionTemplate(context.getBean(PlatformTransactionManager.class)).execute(status -> {
				Account ada = new Account("Ada");
				entityManager.persist(ada);
				String[] made = new String[50];
				for (int i = 0; i < made.length; i++) {
					Post post = new Post(ada, "Post " + i, "…");
					entityManager.persist(post);
					made[i] = post.getId();
				}
				return made;
			});
			assertThat(new JdbcTemplate(dataSource).queryForList("SELECT id FROM post ORDER BY id", String.class))
				.containsExactly(ids);
		}
	}

}
