package io.github.timesortedid.benchmarks.retrysafe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.benchmarks.Figures;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The benchmark with tiny counts: its statement counts, its arithmetic and its files. */
class RetrySafeInsertBenchmarkTests {

	@Test
	void insertSendsOneInsertAndNoSelectPerRowAndSaveOfAnAssignedIdMerges(@TempDir Path directory) throws Exception {
		List<String> log = new ArrayList<>();
		RetrySafeInsertBenchmark.Result result;
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
			result = RetrySafeInsertBenchmark.run(postgres, new RetrySafeInsertBenchmark.Settings(50, 2, 60, 20), log::add);
		}
		RetrySafeInsertBenchmark.Statements insert = result.insert().statements();
		assertThat(insert.rows()).isEqualTo(20);
		assertThat(insert.inserts()).isEqualTo(20);
		assertThat(insert.selects()).isZero();
		assertThat(insert.others()).isZero();
		assertThat(result.statementsMet()).isTrue();
		// the trap insert() avoids: Spring Data sees an ID, merges, and merge reads before it writes
		assertThat(result.saveAssigned().statements().insertsPerRow()).isEqualTo(1.0);
		assertThat(result.saveAssigned().statements().selectsPerRow()).isEqualTo(1.0);
		// a pooled sequence: one INSERT per row, one nextval per 50 rows at most
		assertThat(result.saveSequence().statements().insertsPerRow()).isEqualTo(1.0);
		assertThat(result.saveSequence().statements().selects()).isBetween(0L, 1L);

		for (RetrySafeInsertBenchmark.CaseResult kase : result.cases()) {
			assertThat(kase.roundRowsPerSecond()).hasSize(2).allSatisfy(rate -> assertThat(rate).isPositive());
		}
		assertThat(result.ratio()).isCloseTo(
				result.insert().medianRowsPerSecond() / result.saveSequence().medianRowsPerSecond(), within(1e-9));
		assertThat(log).hasSize(2).allSatisfy(line -> assertThat(line).startsWith("retry-safe insert benchmark: round "));
		assertThat(result.summaryLine()).matches("retry-safe insert benchmark: insert\\(\\)=\\d+ rows/s save\\(sequence\\)=\\d+ rows/s "
				+ "ratio=\\d+\\.\\d\\d save\\(assigned id\\)=\\d+ rows/s statements per insert\\(\\): inserts=1 selects=0");
		assertThat(result.postgres()).containsKeys("server_version", "fsync");

		result.write(directory);
		JsonNode entries = JsonMapper.builder().build().readTree(directory.resolve("retry-safe-inserts.json").toFile());
		assertThat(entries.isArray()).isTrue();
		assertThat(entries).hasSize(6);
		for (JsonNode entry : entries) {
			assertThat(entry.propertyNames()).containsExactlyInAnyOrder("name", "ours", "peer", "metric", "ours_value",
					"peer_value", "ratio");
		}
		assertThat(Files.readString(directory.resolve("retry-safe-inserts.md"))).contains("## Targets")
			.contains("| insert() outside a transaction: one INSERT and no SELECT per row | 20 INSERT, 0 SELECT, 0 other statements for 20 rows | yes |");
	}

	@Test
	void theRatioIsOfTheMediansAndTheTargetIsNinetyPercent() {
		RetrySafeInsertBenchmark.Result met = result(List.of(900.0, 100.0, 950.0), List.of(1000.0, 1000.0, 5000.0));
		assertThat(met.insert().medianRowsPerSecond()).isEqualTo(900.0);
		assertThat(met.saveSequence().medianRowsPerSecond()).isEqualTo(1000.0);
		assertThat(met.ratio()).isEqualTo(0.9);
		assertThat(met.ratioMet()).isTrue();
		assertThat(met.roundRatios()).containsExactly(0.9, 0.1, 0.19);
		assertThat(met.summaryLine()).isEqualTo("retry-safe insert benchmark: insert()=900 rows/s save(sequence)=1000 rows/s "
				+ "ratio=0.90 save(assigned id)=500 rows/s statements per insert(): inserts=1 selects=0");

		RetrySafeInsertBenchmark.Result missed = result(List.of(890.0, 890.0), List.of(1000.0, 1000.0));
		assertThat(missed.ratio()).isCloseTo(0.89, within(1e-9));
		assertThat(missed.ratioMet()).isFalse();
		assertThat(missed.markdown()).contains("890 vs 1,000 rows/s: 0.89x | **no** |");
		assertThat(missed.entries()).filteredOn(entry -> entry.metric().equals("rows/s")
				&& entry.peer().startsWith("sequencePostRowRepository"))
			.singleElement()
			.satisfies(entry -> assertThat(entry.ratio()).isEqualTo(0.89));
	}

	@Test
	void medianAndPerRowCounts() {
		assertThat(Figures.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
		assertThat(Figures.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
		assertThat(Figures.perUnit(1.0)).isEqualTo("1");
		assertThat(Figures.perUnit(0.0)).isEqualTo("0");
		assertThat(Figures.perUnit(0.02)).isEqualTo("0.02");
		assertThat(StatementCountingDataSource.verb("  insert into post_row (x) values (?)")).isEqualTo("insert");
		assertThat(StatementCountingDataSource.verb("select nextval('sequence_post_row_seq')")).isEqualTo("select");
	}

	private static RetrySafeInsertBenchmark.Result result(List<Double> insert, List<Double> sequence) {
		RetrySafeInsertBenchmark.Statements one = new RetrySafeInsertBenchmark.Statements(100, 100, 0, 0);
		return new RetrySafeInsertBenchmark.Result(Map.of("cpu", "test"), Map.of("fsync", "off"),
				new RetrySafeInsertBenchmark.Settings(0, insert.size(), 100, 100),
				new RetrySafeInsertBenchmark.CaseResult("insert()", "postRowRepository.insert(row)", insert, one),
				new RetrySafeInsertBenchmark.CaseResult("save(sequence)", "sequencePostRowRepository.save(row)", sequence,
						new RetrySafeInsertBenchmark.Statements(100, 100, 2, 0)),
				new RetrySafeInsertBenchmark.CaseResult("save(assigned id)", "postRowRepository.save(row)",
						insert.stream().map(rate -> 500.0).toList(), new RetrySafeInsertBenchmark.Statements(100, 100, 100, 0)),
				1);
	}

}
