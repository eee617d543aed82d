package io.github.timesortedid.benchmarks.sharded;

import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.shardingsphere.TimeSortedIdModShardingAlgorithm;
import org.apache.shardingsphere.infra.datanode.DataNodeInfo;
import org.apache.shardingsphere.sharding.algorithm.sharding.mod.HashModShardingAlgorithm;
import org.apache.shardingsphere.sharding.algorithm.sharding.mod.ModShardingAlgorithm;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.StandardShardingAlgorithm;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The routing of one statement alone: {@code doSharding} for one value, as ShardingSphere calls it
 * for {@code id = ?}, of {@code TIME_SORTED_ID_MOD} and of ShardingSphere's built-in on the same
 * values of each key type of {@link ShardedBenchmark}: {@code post_} uuidv7 text and the
 * {@code UUID} of its binary storage against {@code HASH_MOD}, {@code snowflake} {@code Long}s
 * against {@code MOD}. Each algorithm gets the targets and data node its strategy has in the
 * benchmark's rules ({@code sharded/keys.yaml}): the data sources for ours, the auto tables for the
 * built-ins. The values are made beforehand and taken in turn, so that neither the JIT nor the CPU
 * sees one value.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = { "-Xms1g", "-Xmx1g" })
public class RoutingBenchmarks {

	/** A power of two, so that the next index is a mask rather than a division. */
	private static final int VALUES = 1024;

	private static final Collection<String> DATA_SOURCES = List.of("ds_0", "ds_1", "ds_2");

	private static final DataNodeInfo DATA_SOURCE = new DataNodeInfo("ds_", 1, '0');

	private final StandardShardingAlgorithm<Comparable<?>> textMod = algorithm(new TimeSortedIdModShardingAlgorithm(),
			"prefix", "post");

	private final StandardShardingAlgorithm<Comparable<?>> binaryMod = algorithm(new TimeSortedIdModShardingAlgorithm(),
			"prefix", "post", "storage", "binary");

	private final StandardShardingAlgorithm<Comparable<?>> snowflakeMod = algorithm(new TimeSortedIdModShardingAlgorithm(),
			"id-algorithm", "snowflake");

	private final StandardShardingAlgorithm<Comparable<?>> hashMod = algorithm(new HashModShardingAlgorithm());

	private final StandardShardingAlgorithm<Comparable<?>> mod = algorithm(new ModShardingAlgorithm());

	private final Values text = new Values("text_mod_row", "text_hash_row");

	private final Values binary = new Values("binary_mod_row", "binary_hash_row");

	private final Values snowflake = new Values("snowflake_mod_row", "snowflake_built_in_row");

	private int next;

	public RoutingBenchmarks() {
		BinaryIdFormat posts = IdFormat
			.of("post", "_", IdAlgorithms.create(IdAlgorithms.UUIDV7, AlgorithmOptions.builder().build()))
			.binary();
		LongIdAlgorithm snowflakes = (LongIdAlgorithm) IdAlgorithms.create(IdAlgorithms.SNOWFLAKE,
				AlgorithmOptions.builder().build());
		for (int i = 0; i < VALUES; i++) {
			String id = posts.format().next();
			this.text.add(i, id);
			this.binary.add(i, posts.toUuid(id));
			this.snowflake.add(i, snowflakes.nextLong());
		}
	}

	@Benchmark
	public String text_timeSortedIdMod() {
		return this.textMod.doSharding(DATA_SOURCES, this.text.ours[next()]);
	}

	@Benchmark
	public String text_hashMod() {
		return this.hashMod.doSharding(this.text.tables, this.text.builtIn[next()]);
	}

	@Benchmark
	public String binary_timeSortedIdMod() {
		return this.binaryMod.doSharding(DATA_SOURCES, this.binary.ours[next()]);
	}

	@Benchmark
	public String binary_hashMod() {
		return this.hashMod.doSharding(this.binary.tables, this.binary.builtIn[next()]);
	}

	@Benchmark
	public String bigint_timeSortedIdMod() {
		return this.snowflakeMod.doSharding(DATA_SOURCES, this.snowflake.ours[next()]);
	}

	@Benchmark
	public String bigint_mod() {
		return this.mod.doSharding(this.snowflake.tables, this.snowflake.builtIn[next()]);
	}

	private int next() {
		return this.next = (this.next + 1) & (VALUES - 1);
	}

	private static StandardShardingAlgorithm<Comparable<?>> algorithm(StandardShardingAlgorithm<Comparable<?>> algorithm,
			String... props) {
		Properties properties = new Properties();
		properties.setProperty("sharding-count", "3");
		for (int i = 0; i < props.length; i += 2) {
			properties.setProperty(props[i], props[i + 1]);
		}
		algorithm.init(properties);
		return algorithm;
	}

	/** The values of one key type, as each strategy of the benchmark's rules hands them over. */
	private static final class Values {

		final String oursTable;

		final String table;

		final Collection<String> tables;

		final DataNodeInfo tableNode;

		@SuppressWarnings("unchecked")
		final PreciseShardingValue<Comparable<?>>[] ours = new PreciseShardingValue[VALUES];

		@SuppressWarnings("unchecked")
		final PreciseShardingValue<Comparable<?>>[] builtIn = new PreciseShardingValue[VALUES];

		Values(String oursTable, String table) {
			this.oursTable = oursTable;
			this.table = table;
			this.tables = List.of(table + "_0", table + "_1", table + "_2");
			this.tableNode = new DataNodeInfo(table + "_", 1, '0');
		}

		void add(int i, Comparable<?> value) {
			this.ours[i] = new PreciseShardingValue<>(this.oursTable, "id", DATA_SOURCE, value);
			this.builtIn[i] = new PreciseShardingValue<>(this.table, "id", this.tableNode, value);
		}

	}

}
