package io.github.timesortedid.jdbc.routes;

import java.time.Clock;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A bus company whose routes are partitioned by day on PostgreSQL: the routes' and the legs'
 * tables are partitioned, the checkpoints' table, which refers to the legs, is of one piece, and so
 * is the depots' table, which is not configured.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class RouteApplication {

	/** The tables on PostgreSQL. */
	public static final String DDL = """
			create table route (id text collate "C" primary key, name varchar(100)) partition by range (id);
			create table leg (id text collate "C" not null, route text collate "C" not null, route_key int not null,
				destination varchar(100), primary key (route, id)) partition by range (route);
			create table checkpoint (leg text collate "C" not null, leg_key int not null, name varchar(100),
				primary key (leg, leg_key));
			create table depot (id text collate "C" primary key, name varchar(100));
			""";

	/**
	 * Starts the company's application, its routes partitioned by day.
	 * @param dataSource a database that has the tables
	 * @param clock the clock of IDs and of the partitions' maintenance
	 * @param properties more properties
	 * @return the running application
	 */
	public static ConfigurableApplicationContext start(DataSource dataSource, Clock clock, Map<String, Object> properties) {
		return new SpringApplicationBuilder(RouteApplication.class).web(WebApplicationType.NONE)
			.properties("time-sorted-id.partitions.Route.interval=day")
			.properties(properties)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory().registerSingleton("clock", clock);
			})
			.run();
	}

}
