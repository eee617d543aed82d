package io.github.timesortedid.benchmarks.retrysafe;

import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The Spring Boot application the retry-safe insert benchmark runs: Spring Boot's auto-configured
 * Hikari pool and Spring Data JPA, the time-sorted-id starter, two entities and their repositories.
 * Started by {@link RetrySafeInsertBenchmark}, which passes the database's URL.
 */
// a JPA application: Spring Data JDBC, on the class path for the Spring Data JDBC benchmark, stays off
@SpringBootApplication(exclude = { DataJdbcRepositoriesAutoConfiguration.class, TimeSortedIdDataJdbcAutoConfiguration.class })
public class RetrySafeBenchmarkApplication {

	/** Puts the statement counter, switched off, in front of the pool. */
	@Bean
	static BeanPostProcessor statementCountingDataSource() {
		return StatementCountingDataSource.inFrontOfThePool();
	}

}
