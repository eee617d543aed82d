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
 * A smoke run of the sharded benchmark from its command line: three servers, the application
 * contexts, every step, the key pairs (ours against ShardingSphere's built-ins), a short run of the
 * routing benchmarks, and the report of what each round measured.
 */
class ShardedBenchmarkTests {

	@Test
	@SuppressWarnings("unchecked")
	void aSmokeRunMeasuresBothCasesInEveryRound(@TempDir Path out) throws Exception {
		ShardedBenchmark.main(
				new String[] { "--quick", "--rounds", "2", "--rows", "30", "--finds", "40", "--out", out.toString() });
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
		List<Map<?, ?>> pairs = (List<Map<?, ?>>) json.get("key_pairs");
		assertThat(pairs).extracting(pair -> String.valueOf(pair.get("key"))).containsExactly("text", "binary", "bigint");
		assertThat(pairs).extracting(pair -> String.valueOf(pair.get("built_in")))
			.containsExactly("HASH_MOD", "HASH_MOD", "SNOWFLAKE key generator + MOD");
		for (Map<?, ?> pair : pairs) {
			Map<?, ?> pairRounds = (Map<?, ?>) pair.get("rounds");
			for (String measure : List.of("built_in_rows_per_s", "ours_rows_per_s", "built_in_find_median_us",
					"ours_find_median_us")) {
				assertThat((List<?>) pairRounds.get(measure)).as(pair.get("key") + " " + measure).hasSize(2)
					.allSatisfy(value -> assertThat(((Number) value).doubleValue()).isPositive());
			}
			assertThat(((Map<?, ?>) pair.get("routing_ns_per_call")).values()).as(pair.get("key") + " routing")
				.hasSize(2)
				.allSatisfy(value -> assertThat(((Number) value).doubleValue()).isPositive());
		}
		assertThat(Files.readString(out.resolve("sharded.md"))).contains("sharded benchmark: engine=shardingsphere-")
			.contains("| insert rows/s | ")
			.contains("30 rows inserted per case")
			.contains("sharded benchmark: key=text built-in=HASH_MOD insert built-in=")
			.contains("sharded benchmark: key=bigint built-in=SNOWFLAKE_key_generator_+_MOD")
			.contains("## Routing time per statement (JMH)");
	}

}
