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

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.benchmarks.CommandLine;
import io.github.timesortedid.benchmarks.Report;
import io.github.timesortedid.benchmarks.RunAll;
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
	record Settings(int rounds, int rows, int finds, Path out) {

		static Settings from(CommandLine.Arguments arguments) {
			boolean quick = arguments.has("--quick");
			return new Settings(arguments.number("--rounds", quick ? 2 : 6), arguments.number("--rows", quick ? 200 : 3_000),
					arguments.number("--finds", quick ? 200 : 5_000), Path.of(arguments.text("--out", RunAll.RESULTS)));
		}

	}

	public static void main(String[] args) throws Exception {
		Settings settings = COMMAND_LINE.parseOrExit(args, Settings::from);
		String loadBefore = Report.loadAverage();
		List<EmbeddedPostgres> servers = new ArrayList<>();
		try {
			for (int i = 0; i < 3; i++) {
				servers.add(EmbeddedPostgres.builder().start());
			}
			Map<String, Object> result = run(servers, settings);
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

	private static Map<String, Object> run(List<EmbeddedPostgres> servers, Settings settings) throws Exception {
		for (EmbeddedPostgres server : servers) {
			execute(server.getPostgresDatabase(), "CREATE DATABASE bench");
			execute(server.getDatabase("postgres", "bench"), "CREATE TABLE sharded_row (id varchar(31) COLLATE \"C\" "
					+ "PRIMARY KEY, title varchar(255), body varchar(255))");
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
			try (ConfigurableApplicationContext context = start(direct)) {
				startup.put("direct_context_ms_" + time, millis(before));
			}
			before = System.nanoTime();
			DataSource sharded = sharded(servers);
			startup.put("shardingsphere_data_source_ms_" + time, millis(before));
			try (ConfigurableApplicationContext context = start(sharded)) {
				startup.put("sharded_context_ms_" + time, millis(before));
			}
		}
		System.out.println("sharded benchmark: start-up " + startup);

		try (ConfigurableApplicationContext direct = start(pool(servers.get(0), "direct"));
				ConfigurableApplicationContext sharded = start(sharded(servers))) {
			List<Case> cases = List.of(new Case("direct", direct.getBean(ShardedRowRepository.class)),
					new Case("sharded", sharded.getBean(ShardedRowRepository.class)));
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
			return result;
		}
	}

	/** One case: its repository, the IDs it stored, and what each round measured. */
	private static final class Case {

		final String name;

		final ShardedRowRepository rows;

		final List<String> ids = new ArrayList<>();

		final List<Double> rates = new ArrayList<>();

		final List<Double> medians = new ArrayList<>();

		Case(String name, ShardedRowRepository rows) {
			this.name = name;
			this.rows = rows;
		}

		/** Inserts rows one per transaction; returns rows/s. */
		double insert(int count) {
			long before = System.nanoTime();
			for (int i = 0; i < count; i++) {
				ShardedRow row = ShardedRow.create(this.ids.size());
				if (!this.rows.insert(row).created()) {
					throw new IllegalStateException(this.name + ": insert() did not create row " + row.getId());
				}
				this.ids.add(row.getId());
			}
			return count / ((System.nanoTime() - before) / 1e9);
		}

		/** Finds stored rows by ID at random; returns the median latency in microseconds. */
		double find(int count) {
			long[] nanos = new long[count];
			ThreadLocalRandom random = ThreadLocalRandom.current();
			for (int i = 0; i < count; i++) {
				String id = this.ids.get(random.nextInt(this.ids.size()));
				long before = System.nanoTime();
				if (this.rows.findById(id).isEmpty()) {
					throw new IllegalStateException(this.name + ": findById did not find " + id);
				}
				nanos[i] = System.nanoTime() - before;
			}
			Arrays.sort(nanos);
			return nanos[count / 2] / 1e3;
		}

	}

	private static ConfigurableApplicationContext start(DataSource dataSource) {
		return new SpringApplicationBuilder(ShardedBenchmarkApplication.class).web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("spring.jpa.hibernate.ddl-auto=none", "spring.jpa.open-in-view=false", "logging.level.root=warn")
			.run();
	}

	private static DataSource sharded(List<EmbeddedPostgres> servers) throws SQLException, IOException {
		Map<String, DataSource> shards = new LinkedHashMap<>();
		for (int i = 0; i < servers.size(); i++) {
			shards.put("ds_" + i, pool(servers.get(i), "bench"));
		}
		return YamlShardingSphereDataSourceFactory.createDataSource(shards,
				new ClassPathResource("sharded/rules.yaml").getContentAsByteArray());
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

	private static double median(List<Double> values) {
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
		Files.writeString(out.resolve(FILE_NAME + ".md"), md);
		System.out.println(md);
		System.out.println(line);
	}

}
