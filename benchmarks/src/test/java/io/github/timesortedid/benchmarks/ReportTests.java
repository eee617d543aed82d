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

	private static final String BINARY = "io.github.timesortedid.benchmarks.BinaryStorageBenchmarks.";

	private final Report report = new Report(Map.of("cpu", "test"),
			List.of(new GenerationResult(BENCH + "ulid_ours_secure", 1, 40, 100),
					new GenerationResult(BENCH + "ulid_ulidCreator_secure", 1, 60, 200),
					new GenerationResult(BENCH + "prefixed_ours", 1, 160, 120),
					new GenerationResult(BENCH + "prefixed_typeidJava", 1, 140, 300),
					new GenerationResult(BENCH + "uuidv7_ours", 1, 50, 76),
					new GenerationResult(BENCH + "uuidv7_jug", 1, 40, 32),
					new GenerationResult(BENCH + "uuidv7_uuidCreator", 1, 170, 144),
					new GenerationResult(BENCH + "uuidv4_jdkRandomUUID", 1, 20, 40)),
			List.of(new BinaryStorageResult(BINARY + "fromUuid", 30, 56), new BinaryStorageResult(BINARY + "toUuid", 70, 40),
					new BinaryStorageResult(BINARY + "uuidToString_jdk", 25, 80)),
			Map.of("shared_buffers", "128MB"),
			List.of(new InsertBenchmark.Result("IDENTITY bigint", false, 1000, 1000, 100, 1000, List.of(1000.0), "bigint"),
					new InsertBenchmark.Result(Report.SEQUENCE, false, 1000, 10000, 100, 1000, List.of(10000.0), "bigint"),
					new InsertBenchmark.Result("random UUIDv4 string", false, 1000, 9000, 500, 1500, List.of(9000.0),
							"character varying(36)"),
					new InsertBenchmark.Result(Report.HIBERNATE_UUIDV7, false, 1000, 9500, 200, 1200, List.of(9500.0), "uuid"),
					new InsertBenchmark.Result(Report.OURS_UUIDV7, true, 1000, 9000, 300, 1400, List.of(9000.0),
							"character varying(31)"),
					new InsertBenchmark.Result(Report.OURS_UUIDV7_BINARY, true, 1000, 9900, 203, 1200, List.of(9900.0),
							"uuid")),
			Map.of("shared_buffers", "16MB"),
			List.of(new InsertBenchmark.Result(Report.SEQUENCE, false, 4000, 10000, 400, 4000,
					List.of(10000.0, 10000.0, 10000.0, 10000.0), "bigint"),
					new InsertBenchmark.Result(Report.OURS_UUIDV7_BINARY, true, 4000, 9000, 800, 4800,
							List.of(10000.0, 9500.0, 9000.0, 8900.0), "uuid")));

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
	void binaryStorageTargetsCompareWithTheUuidIndexSequenceTheFirstSliceAndSixtyNanoseconds() {
		List<Report.Target> targets = this.report.targets();
		// 203 / 200 = 1.015: within 0.02 of Hibernate's uuid index
		assertThat(targets).filteredOn(target -> target.target().contains("no larger than the Hibernate")).singleElement()
			.satisfies(target -> {
				assertThat(target.met()).isTrue();
				assertThat(target.measured()).isEqualTo("203 vs 200 bytes: 1.015x");
			});
		// 9,900 rows/s is 0.99x SEQUENCE's 10,000
		assertThat(targets).filteredOn(target -> target.target().equals(Report.OURS_UUIDV7_BINARY + ": rows/s at least 1.0x pooled SEQUENCE"))
			.singleElement()
			.satisfies(target -> assertThat(target.met()).isFalse());
		// 8,900 after 10,000: 0.89x
		assertThat(targets).filteredOn(target -> target.target().contains("last slice")).singleElement()
			.satisfies(target -> {
				assertThat(target.met()).isFalse();
				assertThat(target.measured()).isEqualTo("8,900 vs 10,000 rows/s: 0.89x");
			});
		assertThat(targets).filteredOn(target -> target.target().contains("at most 60 ns/op")).singleElement()
			.satisfies(target -> {
				assertThat(target.met()).isTrue();
				assertThat(target.measured()).isEqualTo("30.00 ns/op");
			});
	}

	@Test
	void binaryStorageIsComparedWithTheJdkAndShownWithItsKeyColumn() {
		assertThat(this.report.entries()).contains(new Report.Entry("binary storage, post_ + uuidv7, 1 thread",
				Report.BINARY_STORAGE.get("fromUuid"), Report.BINARY_STORAGE.get("uuidToString_jdk"), "ns/op", 30, 25, 1.2));
		assertThat(this.report.markdown()).contains("| " + Report.BINARY_STORAGE.get("fromUuid") + " | 30.00 | 56.00 |")
			.contains("| **" + Report.OURS_UUIDV7_BINARY + "** | uuid | 9,900 |");
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
		assertThat(Files.size(directory.resolve("inserts-slices.png"))).isPositive();
	}

}
