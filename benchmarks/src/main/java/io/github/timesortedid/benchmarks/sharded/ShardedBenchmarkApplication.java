package io.github.timesortedid.benchmarks.sharded;

import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;

/** The application of the sharded benchmark, started once on each data source. */
// a JPA application: Spring Data JDBC, on the class path for the Spring Data JDBC benchmark, stays off
@SpringBootApplication(exclude = { DataJdbcRepositoriesAutoConfiguration.class, TimeSortedIdDataJdbcAutoConfiguration.class })
public class ShardedBenchmarkApplication {

}
