package io.github.timesortedid.jdbc.orders;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;

/** The shop: its package holds the order aggregate and its repository, which Spring Boot finds. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
@ImportAutoConfiguration({ JdbcTemplateAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
		DataJdbcRepositoriesAutoConfiguration.class, TimeSortedIdAutoConfiguration.class,
		TimeSortedIdDataJdbcAutoConfiguration.class })
public class OrderApplication {

	/** The tables of the order aggregate, as Spring Data JDBC maps it. */
	public static final String DDL = """
			create table purchase_order (id varchar(64) primary key, customer varchar(100) not null,
				ship_to_street varchar(100), ship_to_city varchar(100), total numeric(12,2), placed_at timestamp(6),
				status varchar(20));
			create table order_line (id varchar(64) primary key, purchase_order varchar(64) not null,
				purchase_order_key int not null, product varchar(100), quantity int);
			create table order_tag (purchase_order varchar(64) not null, name varchar(100));
			create table order_attribute (purchase_order varchar(64) not null, purchase_order_key varchar(100) not null,
				detail varchar(100))
			""";

	/** Starts the shop over a data source whose tables are made; the caller closes it. */
	public static ConfigurableApplicationContext start(DataSource dataSource) {
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		context.registerBean(DataSource.class, () -> dataSource);
		context.register(OrderApplication.class);
		context.refresh();
		return context;
	}

}
