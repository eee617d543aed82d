package io.github.timesortedid.benchmarks.datajdbc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.benchmarks.datajdbc.DataJdbcInsertResult.Statements;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The benchmark with tiny counts: what each case sends, and the shape of its output (not its speed). */
class DataJdbcInsertBenchmarkTests {

	@Test
	void everyCaseWritesItsAggregatesAndTheOutputHasItsShape(@TempDir Path directory) throws Exception {
		List<String> log = new ArrayList<>();
		DataJdbcInsertResult result;
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
			result = DataJdbcInsertBenchmark.run(postgres, new DataJdbcInsertBenchmark.Settings(1, 2, 20, 100, 25, 50), log::add);
		}
		// one aggregate per transaction: the order's INSERT and its 2 lines', nothing read
		for (String name : List.of(DataJdbcInsertResult.SAVE_IDENTITY, DataJdbcInsertResult.SAVE_LIBRARY,
				DataJdbcInsertResult.INSERT)) {
			Statements statements = result.kase(name).statements();
			assertThat(statements.aggregates()).as(name).isEqualTo(50);
			assertThat(statements.inserts()).as(name).isEqualTo(150);
			assertThat(statements.selects()).as(name).isZero();
			assertThat(statements.others()).as(name).isZero();
		}
		// saveAll of 50 aggregates in calls of 25: the same rows, in batches
		for (String name : List.of(DataJdbcInsertResult.SAVE_ALL_IDENTITY, DataJdbcInsertResult.SAVE_ALL_LIBRARY)) {
			Statements statements = result.kase(name).statements();
			assertThat(statements.inserts()).as(name).isEqualTo(150);
			assertThat(statements.selects()).as(name).isZero();
			assertThat(statements.executions()).as(name).isLessThan(50);
		}
		assertThat(result.noLookups()).isTrue();
		assertThat(result.batchingKept()).isTrue();
		for (DataJdbcInsertResult.CaseResult kase : result.cases()) {
			assertThat(kase.roundRates()).hasSize(2).allSatisfy(rate -> assertThat(rate).isPositive());
		}
		assertThat(log).hasSize(2).allSatisfy(line -> assertThat(line).startsWith("data-jdbc insert benchmark: round "));
		assertThat(result.summaryLine()).matches("data-jdbc insert benchmark: save\\(library\\)/save\\(identity\\)=\\d+\\.\\d\\d "
				+ "\\(target 1\\.00\\) saveAll\\(library\\)/saveAll\\(identity\\)=\\d+\\.\\d\\d \\(target 1\\.00\\) "
				+ "insert\\(\\)/save\\(library\\)=\\d+\\.\\d\\d \\(target 0\\.95\\) saveAll\\(library\\) round trips per aggregate=[\\d.]+");
		assertThat(result.postgres()).containsKeys("server_version", "fsync");

		result.write(directory);
		JsonNode entries = JsonMapper.builder().build().readTree(directory.resolve("data-jdbc-inserts.json").toFile());
		assertThat(entries).hasSize(6);
		for (JsonNode entry : entries) {
			assertThat(entry.propertyNames()).containsExactlyInAnyOrder("name", "ours", "peer", "metric", "ours_value",
					"peer_value", "ratio");
		}
		assertThat(Files.readString(directory.resolve("data-jdbc-inserts.md"))).contains("## Targets")
			.contains("| save(library), insert(), saveAll(library): no SELECT | 0 SELECT in save(library), 0 SELECT in insert(), "
					+ "0 SELECT in saveAll(library) | yes |")
			.contains("| insert()/save(library) | |");
	}

}
