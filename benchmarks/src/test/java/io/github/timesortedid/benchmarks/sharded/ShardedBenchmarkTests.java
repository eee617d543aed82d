package io.github.timesortedid.benchmarks.sharded;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A smoke run of the sharded benchmark from its command line: three servers, both application
 * contexts, every step, and the report of what each round measured.
 */
class ShardedBenchmarkTests {

	@Test
	void aSmokeRunMeasuresBothCasesInEveryRound(@TempDir Path out) throws Exception {
		ShardedBenchmark.main(new String[] { "--rounds", "2", "--rows", "30", "--finds", "40", "--out", out.toString() });
		Map<?, ?> json = JsonMapper.builder().build().readValue(Files.readString(out.resolve("sharded.json")), Map.class);
		Map<?, ?> rounds = (Map<?, ?>) json.get("rounds");
		for (String measure : List.of("direct_rows_per_s", "sharded_rows_per_s", "direct_find_median_us", "sharded_find_median_us")) {
			assertThat((List<?>) rounds.get(measure)).as(measure).hasSize(2)
				.allSatisfy(value -> assertThat(((Number) value).doubleValue()).isPositive());
		}
		assertThat(((Number) json.get("insert_ratio")).doubleValue()).isPositive();
		assertThat(((Number) json.get("find_by_id_ratio")).doubleValue()).isPositive();
		assertThat(((Map<?, ?>) json.get("startup")).keySet()).map(String::valueOf)
			.contains("direct_context_ms_2", "shardingsphere_data_source_ms_2", "sharded_context_ms_2");
		assertThat(Files.readString(out.resolve("sharded.md"))).contains("sharded benchmark: engine=shardingsphere-")
			.contains("| insert rows/s | ")
			.contains("30 rows inserted per case");
	}

}
