package io.github.timesortedid.shardingsphere.testsupport;

import java.util.LinkedHashMap;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.shardingsphere.fixtures.BlogApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts the blog on a data source of the test's, sharded or not. */
public final class BlogContext {

	private BlogContext() {
	}

	/**
	 * Starts the blog.
	 * @param dataSource the data source, registered as the application's
	 * @param properties more properties, as {@code key=value}
	 * @return the running context
	 */
	public static ConfigurableApplicationContext start(DataSource dataSource, String... properties) {
		return start(dataSource, Map.of(), properties);
	}

	/**
	 * The properties every blog of the tests starts with, in this JVM or another: the tables come
	 * from the shards' scripts, inserts are batched, Spring Data JDBC is off, ShardingSphere's SQL log
	 * is quiet.
	 * @return the properties, to add to
	 */
	public static Map<String, Object> defaults() {
		Map<String, Object> defaults = new LinkedHashMap<>();
		defaults.put("spring.jpa.hibernate.ddl-auto", "none");
		defaults.put("spring.jpa.open-in-view", "false");
		defaults.put("spring.jpa.properties.hibernate.jdbc.batch_size", "50");
		defaults.put("spring.jpa.properties.hibernate.order_inserts", "true");
		// the module's tests have Spring Data JDBC for the shop (ShardedAggregateTests): the blog is a JPA
		// application that has it on its classpath, which turns it off as data-jdbc.adoc says
		defaults.put("spring.data.jdbc.repositories.enabled", "false");
		defaults.put("logging.level.ShardingSphere-SQL", "warn");
		defaults.put("logging.level.io.zonky.test.db.postgres", "warn");
		return defaults;
	}

	/**
	 * Starts the blog with beans of the test's, such as a clock.
	 * @param dataSource the data source, registered as the application's
	 * @param beans more beans by name
	 * @param properties more properties, as {@code key=value}
	 * @return the running context
	 */
	public static ConfigurableApplicationContext start(DataSource dataSource, Map<String, Object> beans,
			String... properties) {
		return new SpringApplicationBuilder(BlogApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				beans.forEach(context.getBeanFactory()::registerSingleton);
			})
			.properties(defaults())
			.properties(properties)
			.run();
	}

}
