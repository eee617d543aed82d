package io.github.timesortedid.benchmarks.shardkeys;

import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * The application of the sharding-key pairs of the sharded benchmark: one context, one ShardingSphere
 * data source, a table per key type and algorithm. A package of its own, so that the direct and
 * sharded contexts of {@code ShardedBenchmark} keep only their one entity.
 */
// a JPA application: Spring Data JDBC, on the class path for the Spring Data JDBC benchmark, stays off
@SpringBootApplication(exclude = { DataJdbcRepositoriesAutoConfiguration.class, TimeSortedIdDataJdbcAutoConfiguration.class })
@EnableJpaRepositories(considerNestedRepositories = true)
public class KeyPairsApplication {

}
