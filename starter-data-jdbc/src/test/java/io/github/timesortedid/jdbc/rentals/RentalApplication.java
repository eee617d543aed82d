package io.github.timesortedid.jdbc.rentals;

import java.time.Clock;

import javax.sql.DataSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A car rental service on Spring Data JDBC whose tables come from the DDL the library prints, the
 * rentals' partitioned by month if asked.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class RentalApplication {

	/**
	 * Starts the service on a database.
	 * @param dataSource the database
	 * @param clock the clock of IDs and of the partitions' maintenance
	 * @param partitioned whether the rentals' tables are partitioned by month
	 * @param arguments more properties, as command-line arguments ({@code --name=value})
	 * @return the running application
	 */
	public static ConfigurableApplicationContext start(DataSource dataSource, Clock clock, boolean partitioned,
			String... arguments) {
		SpringApplicationBuilder builder = new SpringApplicationBuilder(RentalApplication.class)
			.web(WebApplicationType.NONE);
		if (partitioned) {
			builder.properties("time-sorted-id.partitions.Rental.interval=month",
					"time-sorted-id.partitions.Rental.premake=2");
		}
		return builder.initializers(context -> {
			context.getBeanFactory().registerSingleton("dataSource", dataSource);
			context.getBeanFactory().registerSingleton("clock", clock);
		}).run(arguments);
	}

}
