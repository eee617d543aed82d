package io.github.timesortedid.benchmarks.sharded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongFunction;
import java.util.function.Predicate;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.benchmarks.CommandLine;
import io.github.timesortedid.benchmarks.Report;
import io.github.timesortedid.benchmarks.RunAll;
import io.github.timesortedid.benchmarks.shardkeys.KeyPairsApplication;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.shardingsphere.driver.api.yaml.YamlShardingSphereDataSourceFactory;
import org.apache.shardingsphere.infra.autogen.version.ShardingSphereVersion;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;

/**
 * What ShardingSphere-JDBC costs the starter, side by side in one run: the same Spring Boot
 * application (Spring Data JPA, the starter, {@code ShardedRowRepository}) on one PostgreSQL database
 * directly ({@code direct}), and through ShardingSphere over three PostgreSQL servers, the rows
 * spread by {@code TIME_SORTED_ID_MOD} ({@code sharded}). Both contexts are up at once and take
 * turns, so that noise on the machine hits both alike:
 * <ul>
 * <li>inserts: {@code insert(row)} outside any transaction, one row per transaction, rows/s per
 * round;</li>
 * <li>{@code findById} of a random stored row, the latency of each call, its median per round;</li>
 * <li>start-up: how long ShardingSphere's data source takes to make (it reads the shards' metadata),
 * and how long each application context takes to start, the second time (the first pays for loading
 * the classes).</li>
 * </ul>
 * The ratios are sharded / direct: rows/s (below 1 is slower) and latency (above 1 is slower). On a
 * 2-core machine the three servers share the cores with the application, so the sharded case shows
 * ShardingSphere's cost, not the capacity three machines would add.
 * <p>
 * In the same run, on the same servers and in the same turns, {@link KeyPairs}: for each key type,
 * {@code TIME_SORTED_ID_MOD} against ShardingSphere's built-in algorithm on the same keys, and
 * {@link RoutingBenchmarks}, the routing of one statement alone.
 */
public final class ShardedBenchmark {

	/** The name of the result files, without extension. */
	public static final String FILE_NAME = "sharded";

	static final CommandLine COMMAND_LINE = new CommandLine(
			"java -cp benchmarks/target/benchmarks.jar " + ShardedBenchmark.class.getName(),
			"Measures inserts, findById and start-up through ShardingSphere-JDBC over three PostgreSQL servers\n"
					+ "against one PostgreSQL database directly, and writes " + FILE_NAME + ".json and " + FILE_NAME + ".md.",
			List.of(CommandLine.Option.flag("--quick", "a smoke run: the smaller counts below"),
					CommandLine.Option.number("--rounds", 6, 2, "timed rounds"),
					CommandLine.Option.number("--rows", 3_000, 200, "rows inserted per case and round"),
					CommandLine.Option.number("--finds", 5_000, 200, "findById calls per case and round"),
					CommandLine.Option.directory("--out", RunAll.RESULTS, "where the result files are written")));

	private ShardedBenchmark() {
	}

	/** How much to run. */
	record Settings(boolean quick, int rounds, int rows, int finds, Path out) {

		static Settings from(CommandLine.Arguments arguments) {
			boolean quick = arguments.has("--quick");
			return new Settings(quick, arguments.number("--rounds", quick ? 2 : 6), arguments.number("--rows", quick ? 200 : 3_000),
					arguments.number("--finds", quick ? 200 : 5_000), Path.of(arguments.text("--out", RunAll.RESULTS)));
		}

	}

	public static void main(String[] args) throws Exception {
		Settings settings = COMMAND_LINE.parseOrExit(args, Settings::from);
		String loadBefore = Report.loadAverage();
		// routing alone first, while no server runs beside it
		Map<String, Double> routing = KeyPairs.routing(settings.quick());
		List<EmbeddedPostgres> servers = new ArrayList<>();
		try {
			for (int i = 0; i < 3; i++) {
				servers.add(EmbeddedPostgres.builder().start());
			}
			Map<String, Object> result = run(servers, settings, routing);
			result.put("load_before", loadBefore);
			result.put("load_after", Report.loadAverage());
			write(result, settings.out());
		}
		finally {
			for (EmbeddedPostgres server : servers) {
				server.close();
			}
		}
	}

	private static Map<String, Object> run(List<EmbeddedPostgres> servers, Settings settings, Map<String, Double> routing)
			throws Exception {
		for (EmbeddedPostgres server : servers) {
			execute(server.getPostgresDatabase(), "CREATE DATABASE bench");
			execute(server.getDatabase("postgres", "bench"), "CREATE TABLE sharded_row (id varchar(31) COLLATE \"C\" "
					+ "PRIMARY KEY, title varchar(255), body varchar(255))");
			execute(server.getPostgresDatabase(), "CREATE DATABASE keys");
			for (String ddl : KeyPairs.DDL) {
				// every server has every auto table: ShardingSphere uses table n on ds_n alone
				for (int n = 0; n < servers.size(); n++) {
					execute(server.getDatabase("postgres", "keys"), String.format(Locale.ROOT, ddl, n));
					if (!ddl.contains("%d")) {
						break;
					}
				}
			}
		}
		// the direct case: a database of its own on the first server, as the sharded case has one per server
		execute(servers.get(0).getPostgresDatabase(), "CREATE DATABASE direct");
		execute(servers.get(0).getDatabase("postgres", "direct"), "CREATE TABLE sharded_row (id varchar(31) COLLATE \"C\" "
				+ "PRIMARY KEY, title varchar(255), body varchar(255))");

		// start-up, twice each: the first pays for loading classes, the second is what a restart costs
		Map<String, Object> startup = new LinkedHashMap<>();
		for (int time = 1; time <= 2; time++) {
			long before = System.nanoTime();
			DataSource direct = pool(servers.get(0), "direct");
			try (ConfigurableApplicationContext context = start(ShardedBenchmarkApplication.class, direct)) {
				startup.put("direct_context_ms_" + time, millis(before));
			}
			before = System.nanoTime();
			DataSource sharded = sharded(servers, "bench", "sharded/rules.yaml");
			startup.put("shardingsphere_data_source_ms_" + time, millis(before));
			try (ConfigurableApplicationContext context = start(ShardedBenchmarkApplication.class, sharded)) {
				startup.put("sharded_context_ms_" + time, millis(before));
			}
		}
		System.out.println("sharded benchmark: start-up " + startup);

		try (ConfigurableApplicationContext direct = start(ShardedBenchmarkApplication.class, pool(servers.get(0), "direct"));
				ConfigurableApplicationContext sharded = start(ShardedBenchmarkApplication.class,
						sharded(servers, "bench", "sharded/rules.yaml"));
				ConfigurableApplicationContext keys = start(KeyPairsApplication.class,
						sharded(servers, "keys", "sharded/keys.yaml"))) {
			List<Case> cases = new ArrayList<>(List.of(rows("direct", direct.getBean(ShardedRowRepository.class)),
					rows("sharded", sharded.getBean(ShardedRowRepository.class))));
			cases.addAll(KeyPairs.cases(keys));
			// warm-up: a round's worth of each, unmeasured
			for (Case each : cases) {
				each.insert(settings.rows());
				each.find(settings.finds());
			}
			for (int round = 0; round < settings.rounds(); round++) {
				for (int turn = 0; turn < cases.size(); turn++) {
					Case each = cases.get((round + turn) % cases.size());
					each.rates.add(each.insert(settings.rows()));
					each.medians.add(each.find(settings.finds()));
				}
				System.out.printf(Locale.ROOT, "sharded benchmark: round %d: insert direct=%.0f sharded=%.0f rows/s, findById "
						+ "median direct=%.1f sharded=%.1f us%n", round + 1, cases.get(0).rates.get(round),
						cases.get(1).rates.get(round), cases.get(0).medians.get(round), cases.get(1).medians.get(round));
				StringBuilder pairs = new StringBuilder("sharded benchmark: round " + (round + 1) + ": key pairs");
				for (Case each : cases.subList(2, cases.size())) {
					pairs.append(String.format(Locale.ROOT, ", %s %.0f rows/s %.1f us", each.name, each.rates.get(round),
							each.medians.get(round)));
				}
				System.out.println(pairs);
			}
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("engine", "shardingsphere-" + ShardingSphereVersion.VERSION);
			result.put("machine", Report.describeMachine());
			result.put("settings", Map.of("rounds", settings.rounds(), "rows_per_round", settings.rows(), "finds_per_round",
					settings.finds()));
			double directRate = median(cases.get(0).rates);
			double shardedRate = median(cases.get(1).rates);
			double directFind = median(cases.get(0).medians);
			double shardedFind = median(cases.get(1).medians);
			result.put("insert_rows_per_s", Map.of("direct", round1(directRate), "sharded", round1(shardedRate)));
			result.put("insert_ratio", round2(shardedRate / directRate));
			result.put("find_by_id_median_us", Map.of("direct", round1(directFind), "sharded", round1(shardedFind)));
			result.put("find_by_id_ratio", round2(shardedFind / directFind));
			result.put("rounds", Map.of("direct_rows_per_s", cases.get(0).rates, "sharded_rows_per_s", cases.get(1).rates,
					"direct_find_median_us", cases.get(0).medians, "sharded_find_median_us", cases.get(1).medians));
			result.put("startup", startup);
			Map<String, Case> byName = new LinkedHashMap<>();
			cases.forEach(each -> byName.put(each.name, each));
			result.put("key_pairs", KeyPairs.results(byName, routing));
			result.put("routing_ns_per_call", routing);
			return result;
		}
	}

	private static Case rows(String name, ShardedRowRepository rows) {
		return new Case(name, n -> {
			ShardedRow row = ShardedRow.create(n);
			if (!rows.insert(row).created()) {
				throw new IllegalStateException(name + ": insert() did not create row " + row.getId());
			}
			return row.getId();
		}, id -> rows.findById((String) id).isPresent());
	}

	/** One case: how it stores a row and finds one, the IDs it stored, and what each round measured. */
	static final class Case {

		final String name;

		private final LongFunction<Object> store;

		private final Predicate<Object> find;

		final List<Object> ids = new ArrayList<>();

		final List<Double> rates = new ArrayList<>();

		final List<Double> medians = new ArrayList<>();

		/**
		 * A case.
		 * @param name its name in the results
		 * @param store stores row {@code n} in a transaction of its own, and returns its ID
		 * @param find whether a row of the ID is found
		 */
		Case(String name, LongFunction<Object> store, Predicate<Object> find) {
			this.name = name;
			this.store = store;
			this.find = find;
		}

		/** Inserts rows one per transaction; returns rows/s. */
		double insert(int count) {
			long before = System.nanoTime();
			for (int i = 0; i < count; i++) {
				this.ids.add(this.store.apply(this.ids.size()));
			}
			return count / ((System.nanoTime() - before) / 1e9);
		}

		/** Finds stored rows by ID at random; returns the median latency in microseconds. */
		double find(int count) {
			long[] nanos = new long[count];
			ThreadLocalRandom random = ThreadLocalRandom.current();
			for (int i = 0; i < count; i++) {
				Object id = this.ids.get(random.nextInt(this.ids.size()));
				long before = System.nanoTime();
				if (!this.find.test(id)) {
					throw new IllegalStateException(this.name + ": findById did not find " + id);
				}
				nanos[i] = System.nanoTime() - before;
			}
			Arrays.sort(nanos);
			return nanos[count / 2] / 1e3;
		}

	}

	private static ConfigurableApplicationContext start(Class<?> application, DataSource dataSource) {
		return new SpringApplicationBuilder(application).web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("spring.jpa.hibernate.ddl-auto=none", "spring.jpa.open-in-view=false", "logging.level.root=warn")
			.run();
	}

	private static DataSource sharded(List<EmbeddedPostgres> servers, String database, String rules)
			throws SQLException, IOException {
		Map<String, DataSource> shards = new LinkedHashMap<>();
		for (int i = 0; i < servers.size(); i++) {
			shards.put("ds_" + i, pool(servers.get(i), database));
		}
		return YamlShardingSphereDataSourceFactory.createDataSource(shards,
				new ClassPathResource(rules).getContentAsByteArray());
	}

	private static HikariDataSource pool(EmbeddedPostgres server, String database) {
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(server.getJdbcUrl("postgres", database));
		pool.setUsername("postgres");
		pool.setMaximumPoolSize(4);
		return pool;
	}

	private static void execute(DataSource dataSource, String sql) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	private static long millis(long before) {
		return (System.nanoTime() - before) / 1_000_000;
	}

	static double median(List<Double> values) {
		List<Double> sorted = values.stream().sorted().toList();
		int n = sorted.size();
		return (n % 2 == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
	}

	private static double round1(double value) {
		return Math.round(value * 10) / 10.0;
	}

	private static double round2(double value) {
		return Math.round(value * 100) / 100.0;
	}

	@SuppressWarnings("unchecked")
	private static void write(Map<String, Object> result, Path out) throws IOException {
		Files.createDirectories(out);
		Files.writeString(out.resolve(FILE_NAME + ".json"),
				tools.jackson.databind.json.JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValueAsString(result)
						+ "\n");
		Map<String, Object> rates = (Map<String, Object>) result.get("insert_rows_per_s");
		Map<String, Object> finds = (Map<String, Object>) result.get("find_by_id_median_us");
		Map<String, Object> startup = (Map<String, Object>) result.get("startup");
		String line = String.format(Locale.ROOT,
				"sharded benchmark: engine=%s insert direct=%s sharded=%s rows/s ratio=%s findById median direct=%s "
						+ "sharded=%s us ratio=%s startup direct_context=%s ms shardingsphere_data_source=%s ms "
						+ "sharded_context=%s ms load=%s..%s",
				result.get("engine"), rates.get("direct"), rates.get("sharded"), result.get("insert_ratio"), finds.get("direct"),
				finds.get("sharded"), result.get("find_by_id_ratio"), startup.get("direct_context_ms_2"),
				startup.get("shardingsphere_data_source_ms_2"), startup.get("sharded_context_ms_2"), result.get("load_before"),
				result.get("load_after"));
		StringBuilder md = new StringBuilder("# Sharded benchmark: ShardingSphere-JDBC over three PostgreSQL servers\n\n");
		md.append("Measured in one run on one machine; both cases were up at once and took turns.\n\n```text\n").append(line)
			.append("\n```\n\n| machine | |\n|---|---|\n");
		((Map<String, String>) result.get("machine")).forEach((key, value) -> md.append("| ").append(key).append(" | ")
			.append(value).append(" |\n"));
		md.append("| load average before | ").append(result.get("load_before")).append(" |\n| load average after | ")
			.append(result.get("load_after")).append(" |\n\n");
		md.append("Each round: ").append(((Map<String, Object>) result.get("settings")).get("rows_per_round"))
			.append(" rows inserted per case with `insert()` (one row per transaction), then ")
			.append(((Map<String, Object>) result.get("settings")).get("finds_per_round"))
			.append(" `findById` calls of random stored rows; the figures are the medians over the rounds.\n\n")
			.append("| | direct (one database) | sharded (ShardingSphere, 3 servers) | sharded / direct |\n|---|---|---|---|\n")
			.append("| insert rows/s | ").append(rates.get("direct")).append(" | ").append(rates.get("sharded")).append(" | ")
			.append(result.get("insert_ratio")).append(" |\n")
			.append("| findById median µs | ").append(finds.get("direct")).append(" | ").append(finds.get("sharded")).append(" | ")
			.append(result.get("find_by_id_ratio")).append(" |\n")
			.append("| context start, second time, ms | ").append(startup.get("direct_context_ms_2")).append(" | ")
			.append(startup.get("sharded_context_ms_2")).append(" (of which ShardingSphere's data source ")
			.append(startup.get("shardingsphere_data_source_ms_2")).append(") | |\n")
			.append("| context start, first time, ms | ").append(startup.get("direct_context_ms_1")).append(" | ")
			.append(startup.get("sharded_context_ms_1")).append(" (of which ShardingSphere's data source ")
			.append(startup.get("shardingsphere_data_source_ms_1")).append(") | |\n");
		List<Map<String, Object>> pairs = (List<Map<String, Object>>) result.get("key_pairs");
		List<String> pairLines = pairs.stream()
			.map(pair -> KeyPairs.line(pair, result.get("load_before") + ".." + result.get("load_after")))
			.toList();
		md.append("\n").append(KeyPairs.markdown(pairs)).append("\n```text\n").append(String.join("\n", pairLines))
			.append("\n```\n");
		Files.writeString(out.resolve(FILE_NAME + ".md"), md);
		System.out.println(md);
		System.out.println(line);
		pairLines.forEach(System.out::println);
	}

}
