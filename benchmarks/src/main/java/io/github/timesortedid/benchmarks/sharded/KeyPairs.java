package io.github.timesortedid.benchmarks.sharded;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;

import io.github.timesortedid.benchmarks.RunAll;
import io.github.timesortedid.benchmarks.shardkeys.BinaryHashRow;
import io.github.timesortedid.benchmarks.shardkeys.BinaryModRow;
import io.github.timesortedid.benchmarks.shardkeys.KeyRow;
import io.github.timesortedid.benchmarks.shardkeys.KeyRowRepositories;
import io.github.timesortedid.benchmarks.shardkeys.SnowflakeBuiltInRow;
import io.github.timesortedid.benchmarks.shardkeys.SnowflakeModRow;
import io.github.timesortedid.benchmarks.shardkeys.TextHashRow;
import io.github.timesortedid.benchmarks.shardkeys.TextModRow;
import io.github.timesortedid.insert.InsertRepository;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The second half of {@link ShardedBenchmark}: for each key type, {@code TIME_SORTED_ID_MOD}
 * against ShardingSphere's built-in algorithm on the same keys, in one ShardingSphere data source
 * over the same three servers ({@code sharded/keys.yaml}), taking turns with the direct and sharded
 * cases. Text and binary rows are stored with {@code insert()}, as the sharded case's; the
 * {@code bigint} pair with {@code save()}, since ShardingSphere's {@code SNOWFLAKE} makes its
 * built-in keys in the {@code INSERT} and the retry-safe {@code insert()} needs keys the application
 * made. Targets: ours at least {@value #INSERT_TARGET}x the built-in's insert rows/s and at most
 * {@value #FIND_TARGET}x its {@code findById} median latency.
 */
final class KeyPairs {

	static final double INSERT_TARGET = 0.97;

	static final double FIND_TARGET = 1.03;

	/** The key types: their names, the two cases and the {@link RoutingBenchmarks} methods of each. */
	static final List<Pair> PAIRS = List.of(
			new Pair("text", "4-letter prefix + uuidv7, text varchar(31)", "HASH_MOD", "text_hashMod", "text_timeSortedIdMod"),
			new Pair("binary", "4-letter prefix + uuidv7, stored as uuid", "HASH_MOD", "binary_hashMod", "binary_timeSortedIdMod"),
			new Pair("bigint", "snowflake bigint", "SNOWFLAKE key generator + MOD", "bigint_mod", "bigint_timeSortedIdMod"));

	/** The tables on every server: ours keep their names, the built-ins' auto tables are numbered. */
	static final List<String> DDL = List.of(
			"CREATE TABLE text_mod_row (id varchar(31) COLLATE \"C\" PRIMARY KEY, title varchar(255), body varchar(255))",
			"CREATE TABLE binary_mod_row (id uuid PRIMARY KEY, title varchar(255), body varchar(255))",
			"CREATE TABLE snowflake_mod_row (id bigint PRIMARY KEY, title varchar(255), body varchar(255))",
			"CREATE TABLE text_hash_row_%d (id varchar(31) COLLATE \"C\" PRIMARY KEY, title varchar(255), body varchar(255))",
			"CREATE TABLE binary_hash_row_%d (id uuid PRIMARY KEY, title varchar(255), body varchar(255))",
			"CREATE TABLE snowflake_built_in_row_%d (id bigint PRIMARY KEY, title varchar(255), body varchar(255))");

	private KeyPairs() {
	}

	/** One key type: ours against the built-in. */
	record Pair(String key, String description, String builtIn, String builtInRouting, String oursRouting) {

		String builtInCase() {
			return this.key + " " + this.builtIn;
		}

		String oursCase() {
			return this.key + " TIME_SORTED_ID_MOD";
		}

	}

	/** The cases of the pairs, built-in then ours for each key type, from the context of {@code keys.yaml}. */
	static List<ShardedBenchmark.Case> cases(ConfigurableApplicationContext context) {
		return List.of(inserting(PAIRS.get(0).builtInCase(), context.getBean(KeyRowRepositories.TextHash.class), TextHashRow::create),
				inserting(PAIRS.get(0).oursCase(), context.getBean(KeyRowRepositories.TextMod.class), TextModRow::create),
				inserting(PAIRS.get(1).builtInCase(), context.getBean(KeyRowRepositories.BinaryHash.class), BinaryHashRow::create),
				inserting(PAIRS.get(1).oursCase(), context.getBean(KeyRowRepositories.BinaryMod.class), BinaryModRow::create),
				saving(PAIRS.get(2).builtInCase(), context.getBean(KeyRowRepositories.SnowflakeBuiltIn.class),
						SnowflakeBuiltInRow::create),
				saving(PAIRS.get(2).oursCase(), context.getBean(KeyRowRepositories.SnowflakeMod.class), SnowflakeModRow::create));
	}

	private static <T extends KeyRow, R extends JpaRepository<T, ?> & InsertRepository<T>> ShardedBenchmark.Case inserting(
			String name, R rows, LongFunction<T> create) {
		return new ShardedBenchmark.Case(name, n -> {
			T row = create.apply(n);
			if (!rows.insert(row).created()) {
				throw new IllegalStateException(name + ": insert() did not create row " + row.key());
			}
			return row.key();
		}, id -> find(rows, id));
	}

	private static <T extends KeyRow> ShardedBenchmark.Case saving(String name, JpaRepository<T, ?> rows,
			LongFunction<T> create) {
		return new ShardedBenchmark.Case(name, n -> rows.save(create.apply(n)).key(), id -> find(rows, id));
	}

	@SuppressWarnings({ "unchecked", "rawtypes" })
	private static boolean find(JpaRepository<?, ?> rows, Object id) {
		// the ID is one this repository's case stored, of its key type
		return ((JpaRepository) rows).findById(id).isPresent();
	}

	/**
	 * Runs {@link RoutingBenchmarks}: JMH's defaults there, or with {@code quick} a few short
	 * iterations in this JVM.
	 * @return nanoseconds per call by method name
	 */
	static Map<String, Double> routing(boolean quick) throws Exception {
		ChainedOptionsBuilder options = new OptionsBuilder().include(RoutingBenchmarks.class.getName() + "\\.");
		if (quick) {
			options.warmupIterations(1).warmupTime(TimeValue.milliseconds(100)).measurementIterations(1)
				.measurementTime(TimeValue.milliseconds(100)).forks(0);
		}
		Map<String, Double> nanos = new LinkedHashMap<>();
		for (RunResult result : new Runner(options.build()).run()) {
			String benchmark = result.getParams().getBenchmark();
			nanos.put(benchmark.substring(benchmark.lastIndexOf('.') + 1), round(RunAll.median(result), 1));
		}
		return nanos;
	}

	/** The pairs' results: the medians of each case's rounds, the ratios and targets, the routing times. */
	static List<Map<String, Object>> results(Map<String, ShardedBenchmark.Case> cases, Map<String, Double> routing) {
		List<Map<String, Object>> results = new ArrayList<>();
		for (Pair pair : PAIRS) {
			ShardedBenchmark.Case builtIn = cases.get(pair.builtInCase());
			ShardedBenchmark.Case ours = cases.get(pair.oursCase());
			double insertRatio = ShardedBenchmark.median(ours.rates) / ShardedBenchmark.median(builtIn.rates);
			double findRatio = ShardedBenchmark.median(ours.medians) / ShardedBenchmark.median(builtIn.medians);
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("key", pair.key());
			result.put("description", pair.description());
			result.put("built_in", pair.builtIn());
			result.put("ours", "TIME_SORTED_ID_MOD");
			result.put("insert_rows_per_s", Map.of("built_in", round(ShardedBenchmark.median(builtIn.rates), 1), "ours",
					round(ShardedBenchmark.median(ours.rates), 1)));
			result.put("insert_ratio", round(insertRatio, 3));
			result.put("insert_target_met", insertRatio >= INSERT_TARGET);
			result.put("find_by_id_median_us", Map.of("built_in", round(ShardedBenchmark.median(builtIn.medians), 1), "ours",
					round(ShardedBenchmark.median(ours.medians), 1)));
			result.put("find_by_id_ratio", round(findRatio, 3));
			result.put("find_by_id_target_met", findRatio <= FIND_TARGET);
			Double builtInNanos = routing.get(pair.builtInRouting());
			Double oursNanos = routing.get(pair.oursRouting());
			if (builtInNanos != null && oursNanos != null) {
				result.put("routing_ns_per_call", Map.of("built_in", builtInNanos, "ours", oursNanos));
			}
			result.put("rounds", Map.of("built_in_rows_per_s", builtIn.rates, "ours_rows_per_s", ours.rates,
					"built_in_find_median_us", builtIn.medians, "ours_find_median_us", ours.medians));
			results.add(result);
		}
		return results;
	}

	/** The printed line of one pair, in the style of the sharded benchmark's line. */
	@SuppressWarnings("unchecked")
	static String line(Map<String, Object> pair, String load) {
		Map<String, Object> rates = (Map<String, Object>) pair.get("insert_rows_per_s");
		Map<String, Object> finds = (Map<String, Object>) pair.get("find_by_id_median_us");
		Map<String, Object> routing = (Map<String, Object>) pair.getOrDefault("routing_ns_per_call", Map.of());
		return String.format(Locale.ROOT,
				"sharded benchmark: key=%s built-in=%s insert built-in=%s ours=%s rows/s ratio=%s (target >= %s) findById "
						+ "median built-in=%s ours=%s us ratio=%s (target <= %s) routing built-in=%s ours=%s ns/call load=%s",
				pair.get("key"), pair.get("built_in").toString().replace(' ', '_'), rates.get("built_in"), rates.get("ours"),
				pair.get("insert_ratio"), INSERT_TARGET, finds.get("built_in"), finds.get("ours"), pair.get("find_by_id_ratio"),
				FIND_TARGET, routing.get("built_in"), routing.get("ours"), load);
	}

	/** The Markdown of the pairs: a table of the medians and targets, and one of the routing times. */
	@SuppressWarnings("unchecked")
	static String markdown(List<Map<String, Object>> pairs) {
		StringBuilder md = new StringBuilder("## Our algorithms against ShardingSphere's built-ins, same key type\n\n");
		md.append("Ratios are ours / built-in. Targets: insert rows/s at least ").append(INSERT_TARGET)
			.append("x, findById median latency at most ").append(FIND_TARGET).append("x.\n\n")
			.append("| key | built-in | insert rows/s built-in | ours | ratio | findById median µs built-in | ours | ratio "
					+ "| targets met |\n|---|---|---|---|---|---|---|---|---|\n");
		for (Map<String, Object> pair : pairs) {
			Map<String, Object> rates = (Map<String, Object>) pair.get("insert_rows_per_s");
			Map<String, Object> finds = (Map<String, Object>) pair.get("find_by_id_median_us");
			boolean met = (Boolean) pair.get("insert_target_met") && (Boolean) pair.get("find_by_id_target_met");
			md.append("| ").append(pair.get("description")).append(" | `").append(pair.get("built_in")).append("` | ")
				.append(rates.get("built_in")).append(" | ").append(rates.get("ours")).append(" | ")
				.append(pair.get("insert_ratio")).append(" | ").append(finds.get("built_in")).append(" | ")
				.append(finds.get("ours")).append(" | ").append(pair.get("find_by_id_ratio")).append(" | ")
				.append(met ? "yes" : "no").append(" |\n");
		}
		md.append("\n## Routing time per statement (JMH)\n\n")
			.append("`doSharding` for one value (`RoutingBenchmarks`), median ns per call; ours / built-in.\n\n")
			.append("| key | built-in | built-in ns | `TIME_SORTED_ID_MOD` ns | ours / built-in |\n|---|---|---|---|---|\n");
		for (Map<String, Object> pair : pairs) {
			Map<String, Double> routing = (Map<String, Double>) pair.get("routing_ns_per_call");
			if (routing != null) {
				md.append("| ").append(pair.get("description")).append(" | `")
					.append(pair.get("built_in").toString().replace("SNOWFLAKE key generator + ", ""))
					.append("` | ").append(routing.get("built_in")).append(" | ").append(routing.get("ours")).append(" | ")
					.append(round(routing.get("ours") / routing.get("built_in"), 1)).append(" |\n");
			}
		}
		return md.toString();
	}

	static double round(double value, int digits) {
		double scale = Math.pow(10, digits);
		return Math.round(value * scale) / scale;
	}

}
