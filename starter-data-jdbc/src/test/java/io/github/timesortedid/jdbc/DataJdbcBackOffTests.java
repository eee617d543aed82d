package io.github.timesortedid.jdbc;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import io.github.timesortedid.jdbc.plain.NoteApplication;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application with Spring Data JDBC on its classpath that does not use it (a JPA application that
 * has it through another dependency, one that turned its repositories off or excluded its
 * auto-configuration) starts, and the library's Spring Data JDBC part stays out of its way.
 */
class DataJdbcBackOffTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withBean(javax.sql.DataSource.class, Database.H2::newDatabase)
		// an empty database: the adapter's presence is the question, not the tables
		.withPropertyValues("time-sorted-id.schema-check.enabled=false")
		.withUserConfiguration(NoteApplication.class)
		.withConfiguration(AutoConfigurations.of(JdbcTemplateAutoConfiguration.class,
				DataSourceTransactionManagerAutoConfiguration.class, DataJdbcRepositoriesAutoConfiguration.class,
				TimeSortedIdAutoConfiguration.class, TimeSortedIdDataJdbcAutoConfiguration.class));

	@Test
	void repositoriesTurnedOffTurnTheAdapterOff() {
		this.runner.withPropertyValues("spring.data.jdbc.repositories.enabled=false").run(context -> {
			assertThat(context).hasNotFailed();
			assertThat(context).hasSingleBean(TimeSortedIdRegistry.class).doesNotHaveBean(AggregateIds.class);
		});
	}

	@Test
	void anExcludedSpringDataJdbcAutoConfigurationTurnsTheAdapterOff() {
		// as a Spring Boot application excludes it: @SpringBootApplication(exclude = ...)
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(WithoutDataJdbc.class)
			.web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:backoff;DB_CLOSE_DELAY=-1")
			.run()) {
			assertThat(context.getBeansOfType(TimeSortedIdRegistry.class)).hasSize(1);
			assertThat(context.getBeansOfType(AggregateIds.class)).isEmpty();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration(exclude = DataJdbcRepositoriesAutoConfiguration.class)
	static class WithoutDataJdbc {

	}

	@Test
	void withSpringDataJdbcInEffectTheAdapterIsThere() {
		this.runner.run(context -> assertThat(context).hasNotFailed().hasSingleBean(AggregateIds.class));
	}

}
