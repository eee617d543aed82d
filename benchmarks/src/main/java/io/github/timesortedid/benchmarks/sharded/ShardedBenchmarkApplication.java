package io.github.timesortedid.benchmarks.sharded;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application of the sharded benchmark, started once on each data source. */
@SpringBootApplication
public class ShardedBenchmarkApplication {

}
