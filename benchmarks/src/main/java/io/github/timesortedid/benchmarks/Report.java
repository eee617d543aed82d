package io.github.timesortedid.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

import io.github.timesortedid.benchmarks.inserts.InsertBenchmark;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns one run's measurements into {@code summary.json} (a list of ours-against-peer ratios),
 * {@code summary.md} (tables and the targets) and PNG charts.
 */
public final class Report {

	/** One comparison; ratio = ours / peer for the metric. */
	public record Entry(String name, String ours, String peer, String metric, double ours_value, double peer_value,
			double ratio) {
	}

	/** One target: what was measured against what it may be. */
	record Target(String target, String measured, boolean met) {
	}

	static final String OURS_UUIDV7 = "@TimeSortedId uuidv7 string";

	static final String OURS_SNOWFLAKE = "@TimeSortedId snowflake long";

	static final String OURS_UUIDV7_BINARY = "@TimeSortedId uuidv7 binary";

	static final String HIBERNATE_UUIDV7 = "Hibernate @UuidGenerator v7";

	static final String SEQUENCE = "SEQUENCE bigint (pooled 50)";

	/** The {@link BinaryStorageBenchmarks} methods: ours, and the JDK's baseline. */
	static final Map<String, String> BINARY_STORAGE = Map.of("fromUuid",
			"time-sorted-id: post_ text from the stored uuid (BinaryIdFormat.fromUuid)", "toUuid",
			"time-sorted-id: checked post_ text to its uuid, one pass (BinaryIdFormat.toUuid)", "toUuid_checkedParse",
			"time-sorted-id: the same by the checked parse alone (IdFormat.body, then BinaryBody.write)",
			"uuidToString_jdk", "UUID.toString() of the same values (JDK, baseline)");

	private final Map<String, String> machine;

	private final List<GenerationResult> generation;

	private final List<BinaryStorageResult> binaryStorage;

	private final Map<String, String> postgres;

	private final List<InsertBenchmark.Result> inserts;

	private final Map<String, String> smallPostgres;

	private final List<InsertBenchmark.Result> bigInserts;

	Report(Map<String, String> machine, List<GenerationResult> generation, List<BinaryStorageResult> binaryStorage,
			Map<String, String> postgres, List<InsertBenchmark.Result> inserts, Map<String, String> smallPostgres,
			List<InsertBenchmark.Result> bigInserts) {
		this.machine = machine;
		this.generation = generation;
		this.binaryStorage = binaryStorage;
		this.postgres = postgres;
		this.inserts = inserts;
		this.smallPostgres = smallPostgres;
		this.bigInserts = bigInserts;
	}

	List<Entry> entries() {
		List<Entry> entries = new ArrayList<>();
		for (GenerationResult ours : this.generation) {
			if (ours.kase().role() != Cases.Role.OURS) {
				continue;
			}
			for (GenerationResult other : this.generation) {
				if (other.threads() == ours.threads() && other.kase().group().equals(ours.kase().group())
						&& other.kase().role() != Cases.Role.OURS) {
					String name = ours.kase().group() + ", " + ours.threads() + (ours.threads() == 1 ? " thread" : " threads");
					entries.add(entry(name, "time-sorted-id", other.kase().implementation(), "ns/op", ours.nanosPerOp(),
							other.nanosPerOp()));
					entries.add(entry(name, "time-sorted-id", other.kase().implementation(), "B/op", ours.bytesPerOp(),
							other.bytesPerOp()));
				}
			}
		}
		binaryStorage("uuidToString_jdk").ifPresent(baseline -> {
			for (String method : List.of("fromUuid", "toUuid")) {
				binaryStorage(method).ifPresent(ours -> {
					String name = "binary storage, post_ + uuidv7, 1 thread";
					entries.add(entry(name, BINARY_STORAGE.get(method), BINARY_STORAGE.get("uuidToString_jdk"), "ns/op",
							ours.nanosPerOp(), baseline.nanosPerOp()));
					entries.add(entry(name, BINARY_STORAGE.get(method), BINARY_STORAGE.get("uuidToString_jdk"), "B/op",
							ours.bytesPerOp(), baseline.bytesPerOp()));
				});
			}
		});
		addInsertEntries(entries, this.inserts, "inserts of " + rows(this.inserts) + " rows, PostgreSQL", false);
		addInsertEntries(entries, this.bigInserts,
				"inserts of " + rows(this.bigInserts) + " rows, PostgreSQL shared_buffers=" + this.smallPostgres.get("shared_buffers"),
				true);
		return entries;
	}

	private static void addInsertEntries(List<Entry> entries, List<InsertBenchmark.Result> results, String name,
			boolean slices) {
		for (InsertBenchmark.Result ours : results) {
			if (!ours.ours()) {
				continue;
			}
			for (InsertBenchmark.Result other : results) {
				if (other.ours()) {
					continue;
				}
				entries.add(entry(name, ours.strategy(), other.strategy(), "rows/s", ours.rowsPerSecond(), other.rowsPerSecond()));
				entries.add(entry(name, ours.strategy(), other.strategy(), "primary key index bytes", ours.primaryKeyBytes(),
						other.primaryKeyBytes()));
				entries.add(entry(name, ours.strategy(), other.strategy(), "table bytes", ours.tableBytes(), other.tableBytes()));
				if (slices && !ours.sliceRowsPerSecond().isEmpty() && !other.sliceRowsPerSecond().isEmpty()) {
					entries.add(entry(name, ours.strategy(), other.strategy(), "rows/s in the last slice",
							last(ours.sliceRowsPerSecond()), last(other.sliceRowsPerSecond())));
				}
			}
		}
	}

	List<Target> targets() {
		List<Target> targets = new ArrayList<>();
		for (GenerationResult ours : oneThread(Cases.Role.OURS)) {
			Optional<GenerationResult> best = oneThread(Cases.Role.PEER).stream()
				.filter(peer -> peer.kase().group().equals(ours.kase().group()))
				.min(Comparator.comparingDouble(GenerationResult::nanosPerOp));
			best.ifPresent(peer -> {
				double ratio = ours.nanosPerOp() / peer.nanosPerOp();
				targets.add(new Target(ours.kase().group() + ": at most 0.8x the ns/op of the best peer",
						format(ours.nanosPerOp()) + " vs " + format(peer.nanosPerOp()) + " ns/op (" + peer.kase().implementation()
								+ "): " + format(ratio) + "x",
						ratio <= 0.8));
			});
		}
		oneThread(Cases.Role.OURS).stream()
			.filter(result -> result.benchmark().endsWith("prefixed_ours"))
			.findFirst()
			.ifPresent(prefixed -> targets.add(new Target("post_ + uuidv7 string, 1 thread, secure: at most 150 ns/op",
					format(prefixed.nanosPerOp()) + " ns/op", prefixed.nanosPerOp() <= 150)));
		for (String ours : List.of(OURS_UUIDV7, OURS_SNOWFLAKE)) {
			insertTarget(targets, ours, "IDENTITY bigint", 3.0, true, "rows/s at least 3x IDENTITY");
			insertTarget(targets, ours, SEQUENCE, 0.8, true, "rows/s at least 0.8x pooled SEQUENCE");
		}
		binaryTargets(targets);
		find(this.inserts, OURS_UUIDV7).ifPresent(ours -> find(this.inserts, "random UUIDv4 string").ifPresent(random -> {
			double ratio = (double) ours.primaryKeyBytes() / random.primaryKeyBytes();
			targets.add(new Target(OURS_UUIDV7 + ": primary key index at most 0.8x the random UUIDv4 string index",
					ours.primaryKeyBytes() + " vs " + random.primaryKeyBytes() + " bytes: " + format(ratio) + "x", ratio <= 0.8));
		}));
		return targets;
	}

	/**
	 * Binary storage's targets: an index the size of Hibernate's {@code uuid} one, inserts as fast as
	 * pooled {@code SEQUENCE}, no slowdown once the index outgrows the buffers, cheap rendering.
	 */
	private void binaryTargets(List<Target> targets) {
		find(this.inserts, OURS_UUIDV7_BINARY).ifPresent(ours -> find(this.inserts, HIBERNATE_UUIDV7).ifPresent(uuid -> {
			double ratio = (double) ours.primaryKeyBytes() / uuid.primaryKeyBytes();
			targets.add(new Target(OURS_UUIDV7_BINARY + ": primary key index no larger than the " + HIBERNATE_UUIDV7
					+ " index (1.00x +- 0.02)", ours.primaryKeyBytes() + " vs " + uuid.primaryKeyBytes() + " bytes: "
							+ String.format(Locale.ROOT, "%.3f", ratio) + "x",
					ratio <= 1.02));
		}));
		insertTarget(targets, OURS_UUIDV7_BINARY, SEQUENCE, 1.0, true, "rows/s at least 1.0x pooled SEQUENCE");
		for (List<InsertBenchmark.Result> run : List.of(this.inserts, this.bigInserts)) {
			find(run, OURS_UUIDV7_BINARY).ifPresent(ours -> find(run, HIBERNATE_UUIDV7).ifPresent(uuid -> {
				double ratio = ours.rowsPerSecond() / uuid.rowsPerSecond();
				targets.add(new Target(OURS_UUIDV7_BINARY + ", " + rows(run) + " rows: rows/s at least 1.0x "
						+ HIBERNATE_UUIDV7, format(ours.rowsPerSecond()) + " vs " + format(uuid.rowsPerSecond()) + " rows/s: "
								+ String.format(Locale.ROOT, "%.3f", ratio) + "x", ratio >= 1.0));
			}));
		}
		binaryStorage("toUuid").ifPresent(parse -> targets.add(new Target(
				"post_ + uuidv7 text to its stored uuid, 1 thread: at most 40 ns/op", format(parse.nanosPerOp()) + " ns/op",
				parse.nanosPerOp() <= 40)));
		find(this.bigInserts, OURS_UUIDV7_BINARY).filter(ours -> ours.sliceRowsPerSecond().size() > 1).ifPresent(ours -> {
			double first = ours.sliceRowsPerSecond().get(0);
			double ratio = last(ours.sliceRowsPerSecond()) / first;
			targets.add(new Target(OURS_UUIDV7_BINARY + ", " + rows(this.bigInserts) + " rows, shared_buffers="
					+ this.smallPostgres.get("shared_buffers") + ": rows/s of the last slice at least 0.9x the first",
					format(last(ours.sliceRowsPerSecond())) + " vs " + format(first) + " rows/s: " + format(ratio) + "x",
					ratio >= 0.9));
		});
		binaryStorage("fromUuid").ifPresent(render -> targets.add(new Target(
				"post_ + uuidv7 text from its stored uuid, 1 thread: at most 60 ns/op", format(render.nanosPerOp()) + " ns/op",
				render.nanosPerOp() <= 60)));
	}

	private Optional<BinaryStorageResult> binaryStorage(String method) {
		return this.binaryStorage.stream().filter(result -> result.method().equals(method)).findFirst();
	}

	private void insertTarget(List<Target> targets, String ours, String peer, double factor, boolean atLeast,
			String description) {
		find(this.inserts, ours).ifPresent(mine -> find(this.inserts, peer).ifPresent(theirs -> {
			double ratio = mine.rowsPerSecond() / theirs.rowsPerSecond();
			targets.add(new Target(ours + ": " + description, format(mine.rowsPerSecond()) + " vs "
					+ format(theirs.rowsPerSecond()) + " rows/s: " + format(ratio) + "x", atLeast ? ratio >= factor : ratio <= factor));
		}));
	}

	void write(Path directory) throws IOException {
		Files.createDirectories(directory);
		JsonMapper json = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
		Files.writeString(directory.resolve("summary.json"), json.writeValueAsString(entries()) + "\n");
		Files.writeString(directory.resolve("summary.md"), markdown());
		System.setProperty("java.awt.headless", "true");
		for (int threads : threadCounts()) {
			generationChart(threads, directory.resolve("generation-" + threads + "-thread" + (threads == 1 ? "" : "s") + ".png"));
		}
		if (!this.inserts.isEmpty()) {
			insertChart(this.inserts, "Rows per second, " + rows(this.inserts) + " rows", "rows/s",
					InsertBenchmark.Result::rowsPerSecond, directory.resolve("inserts-rows-per-second.png"));
			insertChart(this.inserts, "Primary key index size, " + rows(this.inserts) + " rows", "MiB",
					result -> result.primaryKeyBytes() / 1048576.0, directory.resolve("inserts-index-size.png"));
		}
		if (!this.bigInserts.isEmpty()) {
			sliceChart(directory.resolve("inserts-slices.png"));
		}
	}

	String markdown() {
		StringBuilder md = new StringBuilder("# Benchmark results\n\n");
		md.append("Measured in one run on one machine; ratios compare implementations measured side by side.\n\n");
		md.append("| machine | |\n|---|---|\n");
		this.machine.forEach((key, value) -> md.append("| ").append(key).append(" | ").append(value).append(" |\n"));
		md.append("\n## Targets\n\n| target | measured | met |\n|---|---|---|\n");
		for (Target target : targets()) {
			md.append("| ").append(target.target()).append(" | ").append(target.measured()).append(" | ")
				.append(target.met() ? "yes" : "**no**").append(" |\n");
		}
		md.append("\n## ID generation (JMH, median ns/op, allocation per op)\n\n");
		md.append("| format | implementation | threads | ns/op | B/op | ours / this |\n|---|---|---|---|---|---|\n");
		for (GenerationResult result : this.generation) {
			Optional<GenerationResult> ours = this.generation.stream()
				.filter(other -> other.threads() == result.threads() && other.kase().role() == Cases.Role.OURS
						&& other.kase().group().equals(result.kase().group()))
				.findFirst();
			md.append("| ").append(result.kase().group()).append(" | ")
				.append(result.kase().role() == Cases.Role.OURS ? "**time-sorted-id**" : result.kase().implementation())
				.append(" | ").append(result.threads()).append(" | ").append(format(result.nanosPerOp())).append(" | ")
				.append(format(result.bytesPerOp())).append(" | ")
				.append(ours.map(o -> result.kase().role() == Cases.Role.OURS ? "" : format(o.nanosPerOp() / result.nanosPerOp()) + "x")
					.orElse(""))
				.append(" |\n");
		}
		if (!this.binaryStorage.isEmpty()) {
			md.append("\n## Binary storage, post_ + uuidv7 (JMH, 1 thread, median ns/op, allocation per op)\n\n");
			md.append("| conversion | ns/op | B/op |\n|---|---|---|\n");
			for (BinaryStorageResult result : this.binaryStorage) {
				md.append("| ").append(BINARY_STORAGE.getOrDefault(result.method(), result.method())).append(" | ")
					.append(format(result.nanosPerOp())).append(" | ").append(format(result.bytesPerOp())).append(" |\n");
			}
		}
		insertTable(md, this.inserts, "Inserts, " + rows(this.inserts) + " rows", this.postgres);
		insertTable(md, this.bigInserts, "Inserts, " + rows(this.bigInserts) + " rows with small shared_buffers", this.smallPostgres);
		if (!this.bigInserts.isEmpty()) {
			md.append("\nRows per second per slice of ").append(rows(this.bigInserts) / this.bigInserts.get(0).sliceRowsPerSecond().size())
				.append(" rows:\n\n| strategy |");
			int slices = this.bigInserts.get(0).sliceRowsPerSecond().size();
			IntStream.rangeClosed(1, slices).forEach(i -> md.append(' ').append(i).append(" |"));
			md.append("\n|---|").append("---|".repeat(slices)).append('\n');
			for (InsertBenchmark.Result result : this.bigInserts) {
				md.append("| ").append(result.strategy()).append(" |");
				result.sliceRowsPerSecond().forEach(rate -> md.append(' ').append(format(rate)).append(" |"));
				md.append('\n');
			}
		}
		return md.toString();
	}

	private static void insertTable(StringBuilder md, List<InsertBenchmark.Result> results, String title,
			Map<String, String> settings) {
		if (results.isEmpty()) {
			return;
		}
		md.append("\n## ").append(title).append(" (Hibernate, batch_size=50, reWriteBatchedInserts=true)\n\n");
		md.append("PostgreSQL: ").append(settings).append("\n\n");
		md.append("Each strategy ran in turns with the others, once per round in an order rotated by one; "
				+ "the run of median rows/s is shown.\n\n");
		md.append("| strategy | key column | rows/s | primary key index | table |\n|---|---|---|---|---|\n");
		for (InsertBenchmark.Result result : results) {
			md.append("| ").append(result.ours() ? "**" + result.strategy() + "**" : result.strategy()).append(" | ")
				.append(result.keyType()).append(" | ").append(format(result.rowsPerSecond())).append(" | ").append(mib(result.primaryKeyBytes())).append(" | ")
				.append(mib(result.tableBytes())).append(" |\n");
		}
	}

	private void generationChart(int threads, Path file) throws IOException {
		List<String> groups = new ArrayList<>();
		List<Double> ours = new ArrayList<>();
		List<Double> best = new ArrayList<>();
		for (GenerationResult mine : this.generation) {
			if (mine.threads() != threads || mine.kase().role() != Cases.Role.OURS) {
				continue;
			}
			groups.add(mine.kase().group().replace(", secure random", "").replace(", fast random", " (fast)"));
			ours.add(mine.nanosPerOp());
			best.add(this.generation.stream()
				.filter(peer -> peer.threads() == threads && peer.kase().role() == Cases.Role.PEER
						&& peer.kase().group().equals(mine.kase().group()))
				.mapToDouble(GenerationResult::nanosPerOp)
				.min()
				.orElse(0));
		}
		CategoryChart chart = new CategoryChartBuilder().width(1400).height(700)
			.title("ID generation, " + threads + (threads == 1 ? " thread" : " threads") + " (median ns/op, lower is better)")
			.yAxisTitle("ns/op")
			.build();
		chart.getStyler().setXAxisLabelRotation(20);
		chart.addSeries("time-sorted-id", groups, ours);
		chart.addSeries("best peer", groups, best);
		BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
	}

	private static void insertChart(List<InsertBenchmark.Result> results, String title, String unit,
			java.util.function.ToDoubleFunction<InsertBenchmark.Result> value, Path file) throws IOException {
		List<String> strategies = results.stream().map(InsertBenchmark.Result::strategy).toList();
		CategoryChart chart = new CategoryChartBuilder().width(1200).height(650).title(title).yAxisTitle(unit).build();
		chart.getStyler().setXAxisLabelRotation(15);
		chart.getStyler().setOverlapped(true);
		chart.addSeries("time-sorted-id", strategies, results.stream().map(r -> r.ours() ? value.applyAsDouble(r) : 0.0).toList());
		chart.addSeries("others", strategies, results.stream().map(r -> r.ours() ? 0.0 : value.applyAsDouble(r)).toList());
		BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
	}

	private void sliceChart(Path file) throws IOException {
		XYChart chart = new XYChartBuilder().width(1200).height(650)
			.title("Rows per second per slice, " + rows(this.bigInserts) + " rows, shared_buffers="
					+ this.smallPostgres.get("shared_buffers"))
			.xAxisTitle("slice (" + rows(this.bigInserts) / this.bigInserts.get(0).sliceRowsPerSecond().size() + " rows each)")
			.yAxisTitle("rows/s")
			.build();
		for (InsertBenchmark.Result result : this.bigInserts) {
			List<Integer> slices = IntStream.rangeClosed(1, result.sliceRowsPerSecond().size()).boxed().toList();
			chart.addSeries(result.strategy(), slices, result.sliceRowsPerSecond());
		}
		BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
	}

	private Set<Integer> threadCounts() {
		Set<Integer> counts = new LinkedHashSet<>();
		this.generation.forEach(result -> counts.add(result.threads()));
		return counts;
	}

	private List<GenerationResult> oneThread(Cases.Role role) {
		return this.generation.stream().filter(result -> result.threads() == 1 && result.kase().role() == role).toList();
	}

	private static Optional<InsertBenchmark.Result> find(List<InsertBenchmark.Result> results, String strategy) {
		return results.stream().filter(result -> result.strategy().equals(strategy)).findFirst();
	}

	private static long rows(List<InsertBenchmark.Result> results) {
		return results.isEmpty() ? 0 : results.get(0).rows();
	}

	private static double last(List<Double> values) {
		return values.get(values.size() - 1);
	}

	private static Entry entry(String name, String ours, String peer, String metric, double oursValue, double peerValue) {
		return new Entry(name, ours, peer, metric, round(oursValue), round(peerValue),
				(peerValue == 0) ? 0 : round(oursValue / peerValue));
	}

	private static double round(double value) {
		return Math.round(value * 1000) / 1000.0;
	}

	private static String format(double value) {
		return (value >= 100) ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
	}

	private static String mib(long bytes) {
		return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
	}

	/**
	 * The machine a run measured on: CPU model, cores, OS and JVM.
	 * @return names and values, in that order
	 */
	public static Map<String, String> describeMachine() {
		Map<String, String> machine = new LinkedHashMap<>();
		machine.put("cpu", cpu());
		machine.put("cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
		machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
		machine.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
		return machine;
	}

	/**
	 * The load average of the last minute, five and fifteen, as {@code /proc/loadavg} has them, or
	 * {@code unknown} where there is none: benchmarks print it beside their ratios, since a busy
	 * machine explains a ratio that moved.
	 */
	public static String loadAverage() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
			return fields[0] + " " + fields[1] + " " + fields[2];
		}
		catch (IOException | RuntimeException ex) {
			return "unknown";
		}
	}

	private static String cpu() {
		try {
			return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
				.filter(line -> line.startsWith("model name"))
				.map(line -> line.substring(line.indexOf(':') + 1).trim())
				.findFirst()
				.orElse("unknown");
		}
		catch (IOException ex) {
			return "unknown";
		}
	}

}
