package io.github.timesortedid.compat.app;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application using the starter the way an application on Spring Boot 4.0 would:
 * entities with {@code String}, typed, {@code Long} and {@code UUID} identifiers, repositories with
 * the insert and time-range fragments, and a controller taking and returning typed IDs. Its clock
 * can be set, and its data source can lose a commit.
 */
@SpringBootApplication
public class CompatApplication {

	@Bean
	SettableClock clock() {
		return new SettableClock();
	}

	@Bean
	static BeanPostProcessor loseCommitsOnDemand() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				return (bean instanceof javax.sql.DataSource dataSource) ? LostCommits.around(dataSource) : bean;
			}

		};
	}

}
