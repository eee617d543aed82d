package io.github.timesortedid.benchmarks;

import io.github.timesortedid.benchmarks.inserts.InsertBenchmark;
import io.github.timesortedid.benchmarks.inserts.TimeSortedIdBinaryRow;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every insert strategy runs and counts its rows (the benchmark itself is run by RunAll). */
class InsertBenchmarkTests {

	@Test
	void everyStrategyInsertsItsRowsAndReportsSizes() throws Exception {
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
			InsertBenchmark benchmark = new InsertBenchmark(postgres);
			assertThat(benchmark.settings()).containsKeys("server_version", "shared_buffers", "fsync");
			for (InsertBenchmark.Strategy strategy : InsertBenchmark.STRATEGIES) {
				InsertBenchmark.Result result = benchmark.run(strategy, 1000, 500);
				assertThat(result.rows()).isEqualTo(1000);
				assertThat(result.rowsPerSecond()).isPositive();
				assertThat(result.primaryKeyBytes()).isPositive();
				assertThat(result.tableBytes()).isPositive();
				assertThat(result.sliceRowsPerSecond()).hasSize(2);
				// run() has checked the schema's primary-key column against this
				assertThat(result.keyType()).isEqualTo(strategy.keyType());
			}
			assertThat(InsertBenchmark.STRATEGIES).filteredOn(strategy -> strategy.entity() == TimeSortedIdBinaryRow.class)
				.singleElement()
				.satisfies(strategy -> assertThat(strategy.keyType()).isEqualTo("uuid"));
		}
	}

}
