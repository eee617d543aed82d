package io.github.timesortedid.jdbc.timeline;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * An application whose aggregates are read by creation time: one per algorithm precision, ID order
 * and Java type, each repository with the {@code TimeRangeRepository} fragment.
 */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
@ImportAutoConfiguration({ JdbcTemplateAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
		DataJdbcRepositoriesAutoConfiguration.class, TimeSortedIdAutoConfiguration.class,
		TimeSortedIdDataJdbcAutoConfiguration.class })
public class TimelineApplication {

	/** The tables, each ID column fit for its IDs ({@code {bytes}}: the database's byte-wise collation). */
	public static final String DDL = """
			create table shipment (id varchar(64){bytes} primary key, destination varchar(100));
			create table scan (id varchar(64){bytes} primary key, shipment varchar(64){bytes} not null,
				shipment_key int not null, place varchar(100));
			create table receipt (id varchar(64){bytes} primary key, label varchar(100));
			create table sample (id bigint primary key, label varchar(100));
			create table beacon (id uuid primary key, label varchar(100));
			create table visit (id varchar(64){bytes} primary key, label varchar(100));
			create table alert (id varchar(64){bytes} primary key, label varchar(100));
			create table trace (id varchar(64){bytes} primary key, label varchar(100));
			create table coupon (id varchar(64){bytes} primary key, label varchar(100))
			""";

	/**
	 * Starts the application on a database that has the tables.
	 * @param dataSource the database
	 * @return the running application
	 */
	public static ConfigurableApplicationContext start(DataSource dataSource) {
		return new SpringApplicationBuilder(TimelineApplication.class).web(WebApplicationType.NONE)
			.properties("time-sorted-id.kuuid.reverse=true", "time-sorted-id.snowflake.node-id=3")
			.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", dataSource))
			.run();
	}

}
