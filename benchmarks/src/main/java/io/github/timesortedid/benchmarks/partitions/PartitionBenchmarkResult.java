package io.github.timesortedid.benchmarks.partitions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one run of {@link PartitionBenchmark} measured, with the machine and its load, as Markdown
 * and JSON.
 *
 * @param machine CPU, cores, OS and JVM
 * @param loadBefore the load average (1, 5, 15 minutes) when the run started
 * @param loadAfter the load average when it ended
 * @param server PostgreSQL's settings that matter for the numbers
 * @param settings how much was run
 * @param measured the measurements
 */
public record PartitionBenchmarkResult(Map<String, String> machine, String loadBefore, String loadAfter,
		Map<String, String> server, PartitionBenchmark.Settings settings, Measurements measured) {

	/** Median rows/s of the partitioned table's insert rounds. */
	public double monthInserts() {
		return Measurements.median(this.measured.monthInsertRates);
	}

	/** Median rows/s of the whole table's insert rounds. */
	public double wholeInserts() {
		return Measurements.median(this.measured.wholeInsertRates);
	}

	public double insertRatio() {
		return monthInserts() / wholeInserts();
	}

	public double monthFindMicros() {
		return Measurements.median(this.measured.monthFindNanos) / 1e3;
	}

	public double wholeFindMicros() {
		return Measurements.median(this.measured.wholeFindNanos) / 1e3;
	}

	public double findRatio() {
		return monthFindMicros() / wholeFindMicros();
	}

	/** The ratio of the median {@code findById} latencies with generic plans forced. */
	public double genericFindRatio() {
		return Measurements.median(this.measured.monthGenericFindNanos) / Measurements.median(this.measured.wholeGenericFindNanos);
	}

	/** The ratio of the weekly table's median {@code findById} latency to the whole one's, default plan choice. */
	public double weekFindRatio() {
		return Measurements.median(this.measured.weekFindNanos) / Measurements.median(this.measured.wholeFindNanos);
	}

	/** The ratio of the weekly table's median {@code findById} latency to the whole one's, generic plans forced. */
	public double weekGenericFindRatio() {
		return Measurements.median(this.measured.weekGenericFindNanos) / Measurements.median(this.measured.wholeGenericFindNanos);
	}

	/** Whether {@code findById} meets its target with PostgreSQL's default plan choice. */
	public boolean findMet() {
		return findRatio() <= PartitionBenchmark.FIND_TARGET;
	}

	/** Whether {@code findById} meets its target with generic plans forced. */
	public boolean genericFindMet() {
		return genericFindRatio() <= PartitionBenchmark.FIND_TARGET;
	}

	public boolean insertsMet() {
		return insertRatio() >= PartitionBenchmark.INSERT_TARGET;
	}

	public double monthRangeMillis() {
		return Measurements.median(this.measured.monthRangeNanos) / 1e6;
	}

	public double wholeRangeMillis() {
		return Measurements.median(this.measured.wholeRangeNanos) / 1e6;
	}

	/**
	 * Whether both targets are met: inserts at least 0.9x, {@code findById} at most 1.1x with either
	 * PostgreSQL's default plan choice or generic plans forced (the report says which).
	 */
	public boolean targetsMet() {
		return insertsMet() && (findMet() || genericFindMet());
	}

	/** The result on one line, for logs and the report. */
	public String summaryLine() {
		return String.format(Locale.ROOT, "partition benchmark: rows=%d partitions=%d inserts=%.2fx findById=%.2fx "
				+ "findById_generic_plans=%.2fx weekly_partitions=%d findById_weekly=%.2fx findById_weekly_generic_plans=%.2fx "
				+ "day_range=%.2fx retention_detach=%.0fx retention_drop=%.0fx load=%s", this.measured.rows,
				this.measured.partitions, insertRatio(), findRatio(), genericFindRatio(), this.measured.weekPartitions,
				weekFindRatio(), weekGenericFindRatio(), monthRangeMillis() / wholeRangeMillis(),
				ms(this.measured.deleteNanos) / ms(this.measured.detachNanos),
				ms(this.measured.deleteNanos) / ms(this.measured.dropNanos), this.loadBefore);
	}

	/** The report. */
	public String markdown() {
		StringBuilder md = new StringBuilder("# Partitioned table benchmark\n\n");
		md.append("Measured in one run on one machine: the same rows in a table partitioned by month and in a table of "
				+ "one piece, taking turns.\n\n```text\n").append(summaryLine()).append("\n```\n\n");
		md.append("| machine | |\n|---|---|\n");
		this.machine.forEach((key, value) -> md.append("| ").append(key).append(" | ").append(value).append(" |\n"));
		md.append("| load average (1, 5, 15 min) at the start | ").append(this.loadBefore).append(" |\n");
		md.append("| load average at the end | ").append(this.loadAfter).append(" |\n\n");
		md.append("PostgreSQL (embedded, zonky): ").append(this.server).append("\n\n");
		md.append(String.format(Locale.ROOT, "%,d rows of 13 months (January 2025 to January 2026, one every %d s), "
				+ "`@TimeSortedId` `uuidv7` text keys (`mrow_`/`wrow_` and the same body), a 100-character payload; "
				+ "the partitioned table has %d partitions (one a month from January 2025, 13 ahead, and the default one). "
				+ "Inserts through Hibernate, JDBC batches of 50, a commit every 10,000 rows, an unmeasured round, then "
				+ "%d rounds whose first table alternates. The same rows are then copied into a table partitioned by week "
				+ "(`krow_`, %d partitions: one a week from the last days of 2024, %d ahead, and the default one). "
				+ "%,d `findById` calls per table (`Session.find`, the session cleared after each) in 10 turns in which the "
				+ "tables take turns, after a tenth as many unmeasured, with the default plan cache mode, then again with "
				+ "generic plans forced; a one-day range (%,d rows) 30 times per table; then January 2025 leaves.\n\n",
				this.measured.rows, 34_214_400L / Math.max(1, this.measured.rows), this.measured.partitions,
				this.settings.rounds(), this.measured.weekPartitions, PartitionBenchmark.WEEKS_AHEAD, this.settings.lookups(),
				this.measured.rangeRows));
		md.append("## Targets\n\n| target | partitioned | whole | ratio | met |\n|---|---|---|---|---|\n");
		md.append(String.format(Locale.ROOT, "| inserts: at least %.1fx the rows/s | %,.0f rows/s | %,.0f rows/s | %.2fx | %s |\n",
				PartitionBenchmark.INSERT_TARGET, monthInserts(), wholeInserts(), insertRatio(), yesNo(insertsMet())));
		md.append(String.format(Locale.ROOT, "| `findById` with generic plans forced (`plan_cache_mode = force_generic_plan`): "
				+ "at most %.1fx the median latency | %.0f µs | %.0f µs | %.2fx | %s |\n",
				PartitionBenchmark.FIND_TARGET, Measurements.median(this.measured.monthGenericFindNanos) / 1e3,
				Measurements.median(this.measured.wholeGenericFindNanos) / 1e3, genericFindRatio(), yesNo(genericFindMet())));
		md.append(String.format(Locale.ROOT, "| `findById` with PostgreSQL's default plan choice (`plan_cache_mode = auto`): "
				+ "at most %.1fx the median latency | %.0f µs | %.0f µs | %.2fx | %s |\n\n",
				PartitionBenchmark.FIND_TARGET, monthFindMicros(), wholeFindMicros(), findRatio(), yesNo(findMet())));
		md.append("## Reported\n\n| measure | partitioned | whole | ratio |\n|---|---|---|---|\n");
		md.append(String.format(Locale.ROOT, "| `findById` 99th percentile | %.0f µs | %.0f µs | %.2fx |\n",
				Measurements.percentile(this.measured.monthFindNanos, 0.99) / 1e3,
				Measurements.percentile(this.measured.wholeFindNanos, 0.99) / 1e3,
				Measurements.percentile(this.measured.monthFindNanos, 0.99)
						/ Measurements.percentile(this.measured.wholeFindNanos, 0.99)));
		md.append(String.format(Locale.ROOT, "| one-day range, median | %.1f ms | %.1f ms | %.2fx |\n", monthRangeMillis(),
				wholeRangeMillis(), monthRangeMillis() / wholeRangeMillis()));
		md.append(String.format(Locale.ROOT, "| retention of one month (%,d rows): detach (the maintenance run) vs `DELETE` "
				+ "| %.1f ms | %.1f ms | %.0fx faster |\n", this.measured.retiredRows, ms(this.measured.detachNanos),
				ms(this.measured.deleteNanos), ms(this.measured.deleteNanos) / ms(this.measured.detachNanos)));
		md.append(String.format(Locale.ROOT, "| retention of one month: `DROP TABLE` of the detached partition vs `DELETE` "
				+ "| %.1f ms | %.1f ms | %.0fx faster |\n", ms(this.measured.dropNanos), ms(this.measured.deleteNanos),
				ms(this.measured.deleteNanos) / ms(this.measured.dropNanos)));
		md.append(String.format(Locale.ROOT, "| `VACUUM` after the `DELETE`, to reuse the space | | %.1f ms | |\n\n",
				ms(this.measured.vacuumNanos)));
		md.append(String.format(Locale.ROOT, "## Lookups and the number of partitions\n\n"
				+ "| `findById` median | by month (%d partitions) | by week (%d partitions) | whole | by month / whole "
				+ "| by week / whole |\n|---|---|---|---|---|---|\n", this.measured.partitions, this.measured.weekPartitions));
		md.append(lookupRow("PostgreSQL's default plan choice", this.measured.monthFindNanos, this.measured.weekFindNanos,
				this.measured.wholeFindNanos));
		md.append(lookupRow("generic plans forced", this.measured.monthGenericFindNanos, this.measured.weekGenericFindNanos,
				this.measured.wholeGenericFindNanos)).append('\n');
		md.append("## Insert rounds (rows/s)\n\n| round | partitioned | whole | ratio |\n|---|---|---|---|\n");
		for (int i = 0; i < this.measured.monthInsertRates.size(); i++) {
			double month = this.measured.monthInsertRates.get(i);
			double whole = this.measured.wholeInsertRates.get(i);
			md.append(String.format(Locale.ROOT, "| %d | %,.0f | %,.0f | %.2fx |\n", i + 1, month, whole, month / whole));
		}
		md.append("\nThe ratios of the targets are ratios of medians. The retention run's statements:\n\n```sql\n");
		this.measured.retentionStatements.forEach(sql -> md.append(sql).append(";\n"));
		return md.append("```\n").toString();
	}

	/** Writes {@code partitions.md} and {@code partitions.json}. */
	public void write(Path directory) throws IOException {
		Files.createDirectories(directory);
		Files.writeString(directory.resolve(PartitionBenchmark.FILE_NAME + ".md"), markdown());
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("machine", this.machine);
		json.put("loadBefore", this.loadBefore);
		json.put("loadAfter", this.loadAfter);
		json.put("server", this.server);
		json.put("rows", this.measured.rows);
		json.put("partitions", this.measured.partitions);
		json.put("insertRowsPerSecond", Map.of("partitioned", monthInserts(), "whole", wholeInserts(), "ratio", insertRatio()));
		json.put("findByIdMedianMicros", Map.of("partitioned", monthFindMicros(), "whole", wholeFindMicros(), "ratio", findRatio()));
		json.put("findByIdGenericPlansMedianMicros", Map.of("partitioned",
				Measurements.median(this.measured.monthGenericFindNanos) / 1e3, "whole",
				Measurements.median(this.measured.wholeGenericFindNanos) / 1e3, "ratio", genericFindRatio()));
		json.put("weekPartitions", this.measured.weekPartitions);
		json.put("weeklyFindByIdMedianMicros", Map.of("defaultPlans", Measurements.median(this.measured.weekFindNanos) / 1e3,
				"genericPlans", Measurements.median(this.measured.weekGenericFindNanos) / 1e3, "ratio", weekFindRatio(),
				"genericRatio", weekGenericFindRatio()));
		json.put("dayRangeMedianMillis", Map.of("partitioned", monthRangeMillis(), "whole", wholeRangeMillis(), "rows",
				this.measured.rangeRows));
		json.put("retentionMillis", Map.of("rows", this.measured.retiredRows, "detach", ms(this.measured.detachNanos), "drop",
				ms(this.measured.dropNanos), "delete", ms(this.measured.deleteNanos), "vacuumAfterDelete",
				ms(this.measured.vacuumNanos)));
		json.put("insertRounds", Map.of("partitioned", this.measured.monthInsertRates, "whole", this.measured.wholeInsertRates));
		json.put("targetsMet", Map.of("inserts", insertsMet(), "findByIdGenericPlans", genericFindMet(), "findByIdDefaultPlans",
				findMet()));
		JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
		Files.writeString(directory.resolve(PartitionBenchmark.FILE_NAME + ".json"), mapper.writeValueAsString(json));
	}

	private static String lookupRow(String plans, List<Long> month, List<Long> week, List<Long> whole) {
		double wholeMedian = Measurements.median(whole);
		return String.format(Locale.ROOT, "| %s | %.0f µs | %.0f µs | %.0f µs | %.2fx | %.2fx |\n", plans,
				Measurements.median(month) / 1e3, Measurements.median(week) / 1e3, wholeMedian / 1e3,
				Measurements.median(month) / wholeMedian, Measurements.median(week) / wholeMedian);
	}

	private static String yesNo(boolean met) {
		return met ? "yes" : "no";
	}

	private static double ms(long nanos) {
		return nanos / 1e6;
	}

	List<Double> insertRounds() {
		return this.measured.monthInsertRates;
	}

}
