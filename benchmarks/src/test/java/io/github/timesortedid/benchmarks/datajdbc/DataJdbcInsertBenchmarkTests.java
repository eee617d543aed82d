package io.github.timesortedid.benchmarks.datajdbc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.benchmarks.CommandLine;
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
		for (String name : List.of(DataJdbcInsertResult.SAVE_ALL_IDENTITY, DataJdbcInsertResult.SAVE_ALL_LIBRARY,
				DataJdbcInsertResult.SAVE_ALL_BINARY, DataJdbcInsertResult.SAVE_ALL_SNOWFLAKE,
				DataJdbcInsertResult.SAVE_ALL_IDENTITY_REWRITTEN, DataJdbcInsertResult.SAVE_ALL_LIBRARY_REWRITTEN)) {
			Statements statements = result.kase(name).statements();
			assertThat(statements.inserts()).as(name).isEqualTo(150);
			assertThat(statements.selects()).as(name).isZero();
			assertThat(statements.executions()).as(name).isLessThan(50);
		}
		// insertAll of orders whose IDs were set ahead: the same rows in batches, after one look-up per call
		Statements imported = result.kase(DataJdbcInsertResult.INSERT_ALL).statements();
		assertThat(imported.inserts()).isEqualTo(150);
		assertThat(imported.selects()).isEqualTo(2);
		assertThat(imported.executions()).isLessThan(50);
		assertThat(result.noLookups()).isTrue();
		assertThat(result.batchingKept()).isTrue();
		for (DataJdbcInsertResult.CaseResult kase : result.cases()) {
			assertThat(kase.roundRates()).hasSize(2).allSatisfy(rate -> assertThat(rate).isPositive());
		}
		assertThat(log).hasSize(2).allSatisfy(line -> assertThat(line).startsWith("data-jdbc insert benchmark: round "));
		assertThat(result.summaryLine()).matches("data-jdbc insert benchmark: save\\(library\\)/save\\(identity\\)=\\d+\\.\\d\\d "
				+ "\\(target 1\\.00\\) saveAll\\(library\\)/saveAll\\(identity\\)=\\d+\\.\\d\\d \\(target 1\\.00\\) "
				+ "insert\\(\\)/save\\(library\\)=\\d+\\.\\d\\d \\(target 0\\.95\\) "
				+ "saveAll\\(library, rewritten\\)/saveAll\\(identity, rewritten\\)=\\d+\\.\\d\\d \\(target 1\\.00\\) "
				+ "saveAll\\(library\\) round trips per aggregate=[\\d.]+");
		assertThat(result.postgres()).containsKeys("server_version", "fsync");

		result.write(directory);
		JsonNode entries = JsonMapper.builder().build().readTree(directory.resolve("data-jdbc-inserts.json").toFile());
		assertThat(entries).hasSize(8);
		for (JsonNode entry : entries) {
			assertThat(entry.propertyNames()).containsExactlyInAnyOrder("name", "ours", "peer", "metric", "ours_value",
					"peer_value", "ratio");
		}
		assertThat(Files.readString(directory.resolve("data-jdbc-inserts.md"))).contains("## Targets")
			.contains("| save(library), insert(), saveAll(library), saveAll(library, rewritten): no SELECT | 0 SELECT in save(library), "
					+ "0 SELECT in insert(), 0 SELECT in saveAll(library), 0 SELECT in saveAll(library, rewritten) | yes |")
			.contains("| insert()/save(library) | |");
	}


	@Test
	void theRatiosAreOfTheMediansAgainstTheirTargets() {
		DataJdbcInsertResult met = result(List.of(1000.0, 900.0, 1100.0), List.of(1000.0, 100.0, 5000.0), List.of(950.0, 950.0, 950.0),
				List.of(8000.0, 8000.0, 8000.0), List.of(8000.0, 9000.0, 7000.0), 2);
		DataJdbcInsertResult.Ratio save = DataJdbcInsertResult.RATIOS.get(0);
		DataJdbcInsertResult.Ratio insert = DataJdbcInsertResult.RATIOS.get(2);
		assertThat(save.name()).isEqualTo("save(library)/save(identity)");
		assertThat(met.ratio(save)).isEqualTo(1.0);
		assertThat(met.roundRatios(save)).containsExactly(1.0, 100.0 / 900, 5000.0 / 1100);
		assertThat(DataJdbcInsertResult.RATIOS).allSatisfy(ratio -> assertThat(met.met(ratio)).as(ratio.name()).isTrue());
		assertThat(met.summaryLine()).isEqualTo("data-jdbc insert benchmark: save(library)/save(identity)=1.00 (target 1.00) "
				+ "saveAll(library)/saveAll(identity)=1.00 (target 1.00) insert()/save(library)=0.95 (target 0.95) "
				+ "saveAll(library, rewritten)/saveAll(identity, rewritten)=1.00 (target 1.00) "
				+ "saveAll(library) round trips per aggregate=0.02");

		DataJdbcInsertResult missed = result(List.of(1000.0), List.of(990.0), List.of(900.0), List.of(1.0), List.of(1.0), 200);
		assertThat(missed.met(save)).isFalse();
		assertThat(missed.met(insert)).isFalse();
		// the library's saveAll took a round trip per aggregate: batching lost
		assertThat(missed.batchingKept()).isFalse();
		assertThat(missed.markdown()).contains("| save(library): at least 1.00x the aggregates/s of save(identity) | 990 vs 1,000 aggregates/s: 0.99x | **no** |")
			.contains("| saveAll(library): no more round trips per aggregate than saveAll(identity) (batching kept) | 2 vs 0.02 | **no** |");
		assertThat(missed.entries()).filteredOn(entry -> entry.metric().equals("aggregates/s"))
			.extracting(entry -> entry.ratio())
			.containsExactly(0.99, 1.0, 0.909, 1.0);
	}

	@Test
	void theCommandLineSetsTheCountsAndRefusesImpossibleOnes() {
		assertThat(DataJdbcInsertBenchmark.COMMAND_LINE.parse(new String[] { "--quick", "--rounds", "4", "--batch-size", "50", "--out", "out" },
				DataJdbcInsertBenchmark.Invocation::from))
			.isEqualTo(new CommandLine.Run<>(new DataJdbcInsertBenchmark.Invocation(new DataJdbcInsertBenchmark.Settings(1, 4, 200, 1_000, 50, 100),
					Path.of("out"))));
		assertThat(DataJdbcInsertBenchmark.COMMAND_LINE.parse(new String[] { "--batch-size", "0" }, DataJdbcInsertBenchmark.Invocation::from))
			.isEqualTo(new CommandLine.Refused<>(
					"warm-up rounds >= 0; rounds, rows, batch rows, batch size and counted >= 1: 2, 6, 3000, 20000, 0, 200"));
		assertThat(DataJdbcInsertBenchmark.COMMAND_LINE.usage())
			.contains("  --batch-size N  aggregates per saveAll() call (default: 100; 100 with --quick)");
	}

	private static DataJdbcInsertResult result(List<Double> saveIdentity, List<Double> saveLibrary, List<Double> insert,
			List<Double> saveAllIdentity, List<Double> saveAllLibrary, long libraryBatchTrips) {
		Statements single = new Statements(100, 300, 0, 0, 200);
		Statements batched = new Statements(100, 300, 0, 0, 2);
		return new DataJdbcInsertResult(Map.of("cpu", "test"), Map.of("fsync", "off"),
				new DataJdbcInsertBenchmark.Settings(0, saveIdentity.size(), 100, 100, 100, 100),
				List.of(new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.SAVE_IDENTITY, "identity save", saveIdentity, single),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.SAVE_LIBRARY, "library save", saveLibrary, single),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.INSERT, "library insert", insert, single),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.SAVE_ALL_IDENTITY, "identity saveAll", saveAllIdentity,
								batched),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.SAVE_ALL_LIBRARY, "library saveAll", saveAllLibrary,
								new Statements(100, 300, 0, 0, libraryBatchTrips)),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.SAVE_ALL_BINARY, "binary saveAll", saveAllLibrary,
								batched),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.SAVE_ALL_SNOWFLAKE, "snowflake saveAll", saveAllLibrary,
								batched),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.INSERT_ALL, "library insertAll", saveAllLibrary,
								new Statements(100, 300, 1, 0, 3)),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.SAVE_ALL_IDENTITY_REWRITTEN, "identity saveAll, rewritten",
								saveAllIdentity, batched),
						new DataJdbcInsertResult.CaseResult(DataJdbcInsertResult.SAVE_ALL_LIBRARY_REWRITTEN, "library saveAll, rewritten",
								saveAllLibrary, batched)),
				1);
	}

}
