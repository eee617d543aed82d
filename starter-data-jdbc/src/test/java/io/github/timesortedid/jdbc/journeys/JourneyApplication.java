package io.github.timesortedid.jdbc.journeys;

import java.time.Clock;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.testsupport.Database;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A delivery service on Spring Data JDBC whose journeys are kept in tables partitioned by day: the
 * application writes the tables, partitioned, and the library makes and retires their partitions.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class JourneyApplication {

	/**
	 * The tables on PostgreSQL: each partitioned by ranges of the column that holds the journey's ID,
	 * which is {@code text} with the byte-wise collation {@code "C"}; a primary key holds that column.
	 */
	public static final String POSTGRESQL_DDL = """
			-- tag::postgresql[]
			create table journey (id text collate "C" primary key, driver varchar(100))
				partition by range (id);
			create table vehicle (journey text collate "C" not null references journey (id),
				plate varchar(20), odometer int not null, primary key (journey))
				partition by range (journey);
			create table journey_stop (journey text collate "C" not null references journey (id),
				journey_key int not null, place varchar(100), primary key (journey, journey_key))
				partition by range (journey);
			create table delivery (journey text collate "C" not null, journey_key int not null,
				journey_stop_key int not null, parcel varchar(100),
				primary key (journey, journey_key, journey_stop_key))
				partition by range (journey);
			-- end::postgresql[]
			""";

	/**
	 * The tables on MariaDB: {@code RANGE COLUMNS} of the ID's column, with the one partition
	 * MariaDB needs to create the table, {@code pmax}; InnoDB keeps no foreign keys on partitioned
	 * tables.
	 */
	public static final String MARIADB_DDL = """
			-- tag::mariadb[]
			create table journey (id varchar(64) character set ascii collate ascii_bin primary key,
				driver varchar(100))
				partition by range columns(id) (partition pmax values less than (maxvalue));
			create table vehicle (journey varchar(64) character set ascii collate ascii_bin not null,
				plate varchar(20), odometer int not null, primary key (journey))
				partition by range columns(journey) (partition pmax values less than (maxvalue));
			create table journey_stop (journey varchar(64) character set ascii collate ascii_bin not null,
				journey_key int not null, place varchar(100), primary key (journey, journey_key))
				partition by range columns(journey) (partition pmax values less than (maxvalue));
			create table delivery (journey varchar(64) character set ascii collate ascii_bin not null,
				journey_key int not null, journey_stop_key int not null, parcel varchar(100),
				primary key (journey, journey_key, journey_stop_key))
				partition by range columns(journey) (partition pmax values less than (maxvalue));
			-- end::mariadb[]
			""";

	/**
	 * Returns the tables of a database.
	 * @param database PostgreSQL or MariaDB
	 * @return the DDL
	 */
	public static String ddl(Database database) {
		return (database == Database.POSTGRESQL) ? POSTGRESQL_DDL : MARIADB_DDL;
	}

	/**
	 * Starts the service on a database that has the tables, with a clock of its own and the settings
	 * of {@code application-journeys.yml}.
	 * @param dataSource the database
	 * @param clock the clock of IDs and of the partitions' maintenance
	 * @param properties more properties
	 * @return the running application
	 */
	public static ConfigurableApplicationContext start(DataSource dataSource, Clock clock, Map<String, Object> properties) {
		return new SpringApplicationBuilder(JourneyApplication.class).web(WebApplicationType.NONE)
			.profiles("journeys")
			.properties("spring.jmx.enabled=true", "spring.jmx.unique-names=true",
					"management.endpoints.jmx.exposure.include=timesortedid")
			.properties(properties)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory().registerSingleton("clock", clock);
			})
			.run();
	}

}
