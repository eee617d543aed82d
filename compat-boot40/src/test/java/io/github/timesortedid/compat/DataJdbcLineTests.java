package io.github.timesortedid.compat;

import org.junit.jupiter.api.Test;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SupportedLineTests} for the sample-data-jdbc-tests run, whose classpath has no Hibernate:
 * the Spring Data JDBC sample's tests are worth something only on Spring Boot 4.0 with the Spring
 * Data JDBC its BOM manages. The expected versions come from the module's POM.
 */
class DataJdbcLineTests {

	@Test
	void theTestsRunOnSpringBoot40WithItsSpringDataJdbc() {
		SupportedLineTests.assertSpringBoot40();
		String dataJdbc = System.getProperty("compat.expected.spring-data-jdbc", "4.0.");
		assertThat(JdbcAggregateTemplate.class.getPackage().getImplementationVersion()).startsWith(dataJdbc);
	}

}
