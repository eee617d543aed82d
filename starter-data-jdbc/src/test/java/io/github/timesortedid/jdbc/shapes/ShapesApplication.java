package io.github.timesortedid.jdbc.shapes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.function.UnaryOperator;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import io.github.timesortedid.testsupport.Database;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.repository.config.EnableJdbcAuditing;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

/**
 * The catalog of Spring Data JDBC aggregate shapes as one application: Spring Data's auditing on, and
 * a {@code BeforeConvertCallback} of its own that sets a crew's call sign; its tables in
 * {@code db/shapes/schema-<database>.sql}.
 */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
@EnableJdbcAuditing
@ImportAutoConfiguration({ JdbcTemplateAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
		DataJdbcRepositoriesAutoConfiguration.class, TimeSortedIdAutoConfiguration.class,
		TimeSortedIdDataJdbcAutoConfiguration.class })
public class ShapesApplication {

	/** The application's own callback: a crew without a call sign gets one from its name. */
	@Bean
	BeforeConvertCallback<Crew> callSigns() {
		return crew -> {
			if (crew.callSign == null && crew.name != null) {
				crew.callSign = crew.name.toUpperCase(Locale.ROOT);
			}
			return crew;
		};
	}

	/**
	 * Makes the catalog's tables in a fresh database and starts the application on it.
	 * @param database the kind of database
	 * @param dataSource a fresh database of that kind
	 * @return the running application; close it
	 */
	public static ConfigurableApplicationContext start(Database database, DataSource dataSource) {
		return start(database, dataSource, UnaryOperator.identity());
	}

	/**
	 * Makes the catalog's tables, altered, in a fresh database and starts the application on it.
	 * @param database the kind of database
	 * @param dataSource a fresh database of that kind
	 * @param alter what to change in the DDL
	 * @return the running application; close it
	 */
	public static ConfigurableApplicationContext start(Database database, DataSource dataSource,
			UnaryOperator<String> alter) {
		try (InputStream ddl = ShapesApplication.class.getResourceAsStream("/db/shapes/schema-" + database.label() + ".sql");
				Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			for (String sql : alter.apply(new String(ddl.readAllBytes(), StandardCharsets.UTF_8)).split(";")) {
				if (!sql.isBlank()) {
					statement.execute(sql);
				}
			}
		}
		catch (IOException | SQLException ex) {
			throw new IllegalStateException("Could not make the catalog's tables on " + database.label(), ex);
		}
		return new SpringApplicationBuilder(ShapesApplication.class).web(WebApplicationType.NONE)
			.properties("time-sorted-id.snowflake.node-id=5")
			.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", dataSource))
			.run();
	}

}
