package io.github.timesortedid.jdbc.loans;

import javax.sql.DataSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A library on Spring Data JDBC whose tables come from Flyway migrations, one folder per database
 * ({@code db/loans/{vendor}}), which hold the DDL the library prints for its aggregates.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class LoanApplication {

	/**
	 * Starts the library on a database with the profile {@code loans}, whose Flyway migrations
	 * ({@code application-loans.properties}) Spring Boot runs first.
	 * @param dataSource the database
	 * @param arguments more properties, as command-line arguments ({@code --name=value})
	 * @return the running application
	 */
	public static ConfigurableApplicationContext start(DataSource dataSource, String... arguments) {
		return new SpringApplicationBuilder(LoanApplication.class).web(WebApplicationType.NONE)
			.profiles("loans")
			.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", dataSource))
			.run(arguments);
	}

}
