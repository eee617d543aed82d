package io.github.timesortedid.shardingsphere;

import java.util.Collection;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;

import io.github.timesortedid.id.InvalidIdException;
import org.apache.shardingsphere.sharding.algorithm.sharding.ShardingAutoTableAlgorithmUtils;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.RangeShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.StandardShardingAlgorithm;
import org.jspecify.annotations.Nullable;

/**
 * The sharding algorithm {@code TIME_SORTED_ID_MOD}: spreads rows evenly over
 * {@code sharding-count} shards by the bits of their ID that are not its time (see
 * {@link #shardOf}), so that the newest rows are spread as evenly as the oldest. An ID alone names
 * its shard, so a lookup by ID, and a row bound to it (a comment sharded by its post's ID), reach
 * one shard; a range of IDs reaches them all, and ShardingSphere merges the results in order.
 * <p>
 * Configured in ShardingSphere's YAML with {@code sharding-count} and the ID's properties
 * ({@code id-algorithm}, {@code encoding}, {@code prefix}, {@code separator}, {@code storage}, and
 * the algorithm's own settings, such as {@code snowflake.epoch}, under the names the starter gives
 * them below {@code time-sorted-id}). A shard is named as with ShardingSphere's {@code MOD}: the
 * target whose name is the data nodes' prefix and the shard number ({@code ds_0}, {@code ds_1}, …).
 * It is a standard algorithm, for the {@code tables} of ShardingSphere's sharding rule (a database
 * strategy, a table strategy or both), where every server keeps the table's own name: ShardingSphere
 * refuses a standard algorithm in {@code autoTables}, and an auto-table algorithm in {@code tables}.
 */
public final class TimeSortedIdModShardingAlgorithm implements StandardShardingAlgorithm<Comparable<?>> {

	/** The name ShardingSphere's YAML gives this algorithm as its {@code type}. */
	public static final String TYPE = "TIME_SORTED_ID_MOD";

	static final String SHARDING_COUNT = "sharding-count";

	private @Nullable IdColumn column;

	private @Nullable SpreadKey spread;

	private int count;

	/** Made by ShardingSphere's {@link java.util.ServiceLoader}, then {@link #init}. */
	public TimeSortedIdModShardingAlgorithm() {
	}

	@Override
	public void init(Properties props) {
		Set<String> keys = new HashSet<>(IdColumn.FORMAT_KEYS);
		keys.add(SHARDING_COUNT);
		AlgorithmProperties properties = new AlgorithmProperties(this, props, keys);
		properties.required(SHARDING_COUNT, "3");
		this.count = properties.positive(SHARDING_COUNT, 1);
		this.column = IdColumn.of(properties, IdColumn.FORMAT_KEYS);
		this.spread = SpreadKey.of(this.column);
	}

	/**
	 * Returns the shard of an ID: MurmurHash3 (x64, 128 bits, seed 0, its first 64 bits unsigned)
	 * of the ID's random and counter fields, or of all its fields but the fixed ones for an
	 * algorithm without random bits, modulo {@code sharding-count}.
	 * @param id the ID in any form its column holds: its text, a {@code Long}, a {@code UUID}
	 * @return the shard, from 0 to {@code sharding-count - 1}
	 * @throws InvalidIdException if {@code id} is not an ID of the configured format
	 */
	public int shardOf(Object id) {
		IdColumn column = initialized(this.column);
		SpreadKey spread = initialized(this.spread);
		UUID bits = spread.readsBits() ? column.bits(id) : null;
		return (bits != null) ? spread.shard(bits, this.count)
				: spread.shard(column.algorithm().segments(column.body(id)), this.count);
	}

	/**
	 * Returns the names of the fields the shard is computed from, e.g. {@code rand_a} and
	 * {@code rand_b} for {@code uuidv7}.
	 * @return the field names in the body's order
	 */
	public Set<String> spreadFields() {
		return initialized(this.spread).fields();
	}

	@Override
	public String doSharding(Collection<String> availableTargetNames, PreciseShardingValue<Comparable<?>> shardingValue) {
		String shard = String.valueOf(shardOf(shardingValue.getValue()));
		return ShardingAutoTableAlgorithmUtils.findMatchedTargetName(availableTargetNames, shard, shardingValue.getDataNodeInfo())
			.orElseThrow(() -> new IllegalStateException("ID " + shardingValue.getValue() + " of "
					+ shardingValue.getLogicTableName() + "." + shardingValue.getColumnName() + " belongs to shard " + shard
					+ " of " + this.count + ", and none of " + availableTargetNames + " is named "
					+ shardingValue.getDataNodeInfo().getPrefix() + shard + "; " + SHARDING_COUNT
					+ " must match the data nodes"));
	}

	@Override
	public Collection<String> doSharding(Collection<String> availableTargetNames,
			RangeShardingValue<Comparable<?>> shardingValue) {
		// IDs of any time are on every shard
		return availableTargetNames;
	}

	/** The IDs of the sharding column, as the props describe them. */
	IdColumn idColumn() {
		return initialized(this.column);
	}

	@Override
	public String getType() {
		return TYPE;
	}

	static <T> T initialized(@Nullable T value) {
		if (value == null) {
			throw new IllegalStateException("ShardingSphere calls init(Properties) before it routes");
		}
		return value;
	}

}
