package io.github.timesortedid.shardingsphere.shop;

import java.util.Map;

import javax.sql.DataSource;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The sharded shop, a Spring Data JDBC application: customers and purchases over three shards. The
 * module's tests have Hibernate on their classpath for the JPA blog; the shop leaves it out, as an
 * application built on the Spring Data JDBC starter has none.
 */
@SpringBootApplication(excludeName = { "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
		"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration" })
public class ShopApplication {

	/**
	 * Starts the shop.
	 * @param dataSource the data source, ShardingSphere's or a single database, registered as the application's
	 * @param beans more beans by name, such as a clock
	 * @param properties more properties, as {@code key=value}
	 * @return the running context
	 */
	public static ConfigurableApplicationContext start(DataSource dataSource, Map<String, Object> beans,
			String... properties) {
		return new SpringApplicationBuilder(ShopApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				beans.forEach(context.getBeanFactory()::registerSingleton);
			})
			.properties("logging.level.ShardingSphere-SQL=warn", "logging.level.io.zonky.test.db.postgres=warn")
			.properties(properties)
			.run();
	}

}
