package io.github.timesortedid.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.benchmarks.inserts.InsertBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ReportTests {

	private static final String BENCH = "io.github.timesortedid.benchmarks.GenerationBenchmarks.";

	private final Report report = new Report(Map.of("cpu", "test"),
			List.of(new GenerationResult(BENCH + "ulid_ours_secure", 1, 40, 100),
					new GenerationResult(BENCH + "ulid_ulidCreator_secure", 1, 60, 200),
					new GenerationResult(BENCH + "prefixed_ours", 1, 160, 120),
					new GenerationResult(BENCH + "prefixed_typeidJava", 1, 140, 300),
					new GenerationResult(BENCH + "uuidv7_ours", 1, 50, 76),
					new GenerationResult(BENCH + "uuidv7_jug", 1, 40, 32),
					new GenerationResult(BENCH + "uuidv7_uuidCreator", 1, 170, 144),
					new GenerationResult(BENCH + "uuidv4_jdkRandomUUID", 1, 20, 40)),
			Map.of("shared_buffers", "128MB"),
			List.of(new InsertBenchmark.Result("IDENTITY bigint", false, 1000, 1000, 100, 1000, List.of(1000.0)),
					new InsertBenchmark.Result("SEQUENCE bigint (pooled 50)", false, 1000, 10000, 100, 1000, List.of(10000.0)),
					new InsertBenchmark.Result("random UUIDv4 string", false, 1000, 9000, 500, 1500, List.of(9000.0)),
					new InsertBenchmark.Result(Report.OURS_UUIDV7, true, 1000, 9000, 300, 1400, List.of(9000.0))),
			Map.of("shared_buffers", "16MB"), List.of());

	@Test
	void entriesCompareOursWithEveryPeerOfTheSameFormat() {
		List<Report.Entry> entries = this.report.entries();
		assertThat(entries).contains(new Report.Entry("ULID string, secure random, 1 thread", "time-sorted-id",
				"ulid-creator 5.2.4 (monotonic)", "ns/op", 40, 60, 0.667));
		assertThat(entries).filteredOn(entry -> entry.name().startsWith("UUIDv7 as java.util.UUID") && entry.metric().equals("ns/op"))
			.extracting(Report.Entry::peer)
			.containsExactlyInAnyOrder("java-uuid-generator 5.2.0", "uuid-creator 6.1.1", "UUID.randomUUID() (v4, baseline)");
		assertThat(entries).contains(new Report.Entry("inserts of 1000 rows, PostgreSQL", Report.OURS_UUIDV7, "IDENTITY bigint",
				"rows/s", 9000, 1000, 9.0));
	}

	@Test
	void targetsCompareWithTheBestPeerNotTheBaseline() {
		List<Report.Target> targets = this.report.targets();
		assertThat(targets).filteredOn(target -> target.target().startsWith("ULID")).singleElement()
			.satisfies(target -> assertThat(target.met()).isTrue());
		// jug (40) is the best peer; the v4 baseline (20) does not count
		assertThat(targets).filteredOn(target -> target.target().startsWith("UUIDv7 as")).singleElement()
			.satisfies(target -> {
				assertThat(target.met()).isFalse();
				assertThat(target.measured()).contains("50.00 vs 40.00 ns/op (java-uuid-generator 5.2.0): 1.25x");
			});
		assertThat(targets).filteredOn(target -> target.target().contains("at most 150 ns/op")).singleElement()
			.satisfies(target -> assertThat(target.met()).isFalse());
		assertThat(targets).filteredOn(target -> target.target().contains("3x IDENTITY")).singleElement()
			.satisfies(target -> assertThat(target.met()).isTrue());
		assertThat(targets).filteredOn(target -> target.target().contains("index at most 0.8x")).singleElement()
			.satisfies(target -> assertThat(target.measured()).isEqualTo("300 vs 500 bytes: 0.60x"));
	}

	@Test
	void writesJsonMarkdownAndCharts(@TempDir Path directory) throws Exception {
		this.report.write(directory);
		JsonNode summary = JsonMapper.builder().build().readTree(directory.resolve("summary.json").toFile());
		assertThat(summary.isArray()).isTrue();
		for (JsonNode entry : summary) {
			assertThat(entry.propertyNames()).containsExactlyInAnyOrder("name", "ours", "peer", "metric", "ours_value",
					"peer_value", "ratio");
		}
		assertThat(Files.readString(directory.resolve("summary.md"))).contains("## Targets").contains("**no**");
		assertThat(Files.size(directory.resolve("generation-1-thread.png"))).isPositive();
		assertThat(Files.size(directory.resolve("inserts-rows-per-second.png"))).isPositive();
		assertThat(Files.size(directory.resolve("inserts-index-size.png"))).isPositive();
	}

}
