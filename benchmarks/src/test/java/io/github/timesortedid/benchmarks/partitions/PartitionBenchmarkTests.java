package io.github.timesortedid.benchmarks.partitions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** A smoke run of the partition benchmark: every step runs and the report says what it measured. */
class PartitionBenchmarkTests {

	@Test
	void aSmokeRunMeasuresEveryStepOnTheSameRows(@TempDir Path out) throws Exception {
		List<String> log = new ArrayList<>();
		PartitionBenchmarkResult result;
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
			result = PartitionBenchmark.run(postgres, PartitionBenchmark.Settings.QUICK, log::add);
		}
		assertThat(result.measured().rows).isEqualTo(13_000);
		assertThat(result.measured().partitions).isEqualTo(15);
		// from the week of 30 December 2024, that one and 60 more, and the default partition
		assertThat(result.measured().weekPartitions).isEqualTo(62);
		assertThat(result.measured().weekFindNanos).hasSize(200);
		assertThat(result.measured().weekGenericFindNanos).hasSize(200);
		assertThat(result.measured().wholeGenericFindNanos).hasSize(200);
		// January has 31 of the 396 days
		assertThat(result.measured().retiredRows).isEqualTo(13_000L * 31 / 396 + 1);
		assertThat(result.measured().retentionStatements).containsExactly("alter table month_row detach partition month_row_p202501");
		assertThat(result.measured().rangeRows).isPositive();
		assertThat(result.insertRounds()).hasSize(2);
		assertThat(log).hasSize(2);
		result.write(out);
		assertThat(Files.readString(out.resolve("partitions.md"))).contains("partition benchmark: rows=13000 partitions=15")
			.contains("weekly_partitions=62")
			.contains("| `findById` median | by month (15 partitions) | by week (62 partitions) | whole |");
		assertThat(Files.readString(out.resolve("partitions.json"))).contains("\"insertRowsPerSecond\"");
	}

}
