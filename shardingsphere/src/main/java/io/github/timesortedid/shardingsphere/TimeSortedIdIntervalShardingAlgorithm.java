package io.github.timesortedid.shardingsphere;

import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.RangeShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.StandardShardingAlgorithm;
import org.jspecify.annotations.Nullable;

import static io.github.timesortedid.shardingsphere.TimeSortedIdModShardingAlgorithm.initialized;

/**
 * The sharding algorithm {@code TIME_SORTED_ID_INTERVAL}: routes a row by the creation time inside
 * its ID, to the shard of the time interval that holds it, so that a time range of IDs
 * ({@code BETWEEN}, {@code <}, {@code >}) reaches only the shards of the intervals it covers, and a
 * lookup by ID ({@code =}, {@code IN}) the one shard of each ID's time. No separate date-time column
 * is needed: the ID is the time.
 * <p>
 * Configured in ShardingSphere's YAML with the properties of ShardingSphere's {@code INTERVAL}
 * algorithm ({@code datetime-lower}, {@code datetime-upper}, {@code sharding-suffix-pattern},
 * {@code datetime-interval-amount}, {@code datetime-interval-unit} and {@code datetime-pattern},
 * UTC; see {@link Intervals} for the two differences) and the ID's properties ({@code id-algorithm},
 * {@code encoding}, {@code prefix}, {@code separator}, {@code storage}, and the algorithm's own
 * settings under the names the starter gives them below {@code time-sorted-id}). The algorithm must
 * carry a time: not {@code couchdb-random}, {@code couchdb-sequential} or {@code random}.
 */
public final class TimeSortedIdIntervalShardingAlgorithm implements StandardShardingAlgorithm<Comparable<?>> {

	/** The name ShardingSphere's YAML gives this algorithm as its {@code type}. */
	public static final String TYPE = "TIME_SORTED_ID_INTERVAL";

	private @Nullable IdColumn column;

	private @Nullable Intervals intervals;

	private boolean descending;

	/** Made by ShardingSphere's {@link java.util.ServiceLoader}, then {@link #init}. */
	public TimeSortedIdIntervalShardingAlgorithm() {
	}

	@Override
	public void init(Properties props) {
		Set<String> keys = new HashSet<>(IdColumn.FORMAT_KEYS);
		keys.addAll(Intervals.KEYS);
		AlgorithmProperties properties = new AlgorithmProperties(this, props, keys);
		IdColumn column = IdColumn.of(properties, IdColumn.FORMAT_KEYS);
		if (!(column.algorithm() instanceof TimeOrderedIdAlgorithm ordered)) {
			throw properties.invalid(IdColumn.ID_ALGORITHM, column.algorithm().name(),
					"its IDs carry no time to route by; spread them with " + TimeSortedIdModShardingAlgorithm.TYPE);
		}
		this.descending = ordered.isDescending();
		this.intervals = Intervals.of(properties);
		this.column = column;
	}

	@Override
	public String doSharding(Collection<String> availableTargetNames, PreciseShardingValue<Comparable<?>> shardingValue) {
		Intervals intervals = initialized(this.intervals);
		Comparable<?> id = shardingValue.getValue();
		Instant instant = initialized(this.column).instantOf(id);
		int interval = intervals.indexOf(instant);
		if (interval < 0 || interval >= intervals.size()) {
			throw new IllegalArgumentException("ID " + id + " was made at " + instant + ", outside the intervals of "
					+ shardingValue.getLogicTableName() + " from " + intervals.start(0) + " to " + intervals.end() + " ("
					+ Intervals.LOWER + " and " + Intervals.UPPER + "); add a shard for its time and raise "
					+ Intervals.UPPER);
		}
		List<String> targets = availableTargetNames.stream()
			.filter(name -> name.endsWith(intervals.suffix(interval)))
			.toList();
		if (targets.size() != 1) {
			throw new IllegalStateException("ID " + id + " was made at " + instant + ", in the interval from "
					+ intervals.start(interval) + ", whose suffix " + intervals.suffix(interval) + " ends "
					+ (targets.isEmpty() ? "none" : targets.size()) + " of the targets " + availableTargetNames
					+ "; name one target per interval with " + Intervals.SUFFIX_PATTERN);
		}
		return targets.get(0);
	}

	@Override
	public Collection<String> doSharding(Collection<String> availableTargetNames,
			RangeShardingValue<Comparable<?>> shardingValue) {
		Intervals intervals = initialized(this.intervals);
		Range<Comparable<?>> range = shardingValue.getValueRange();
		// in creation order, the lower ID bounds the earliest time, unless the IDs are newest first
		Instant lower = this.descending ? timeBound(range, false) : timeBound(range, true);
		Instant upper = this.descending ? timeBound(range, true) : timeBound(range, false);
		int first = (lower != null) ? Math.max(0, intervals.indexOf(lower)) : 0;
		int last = (upper != null) ? Math.min(intervals.size() - 1, intervals.indexOf(upper)) : intervals.size() - 1;
		Set<String> targets = new LinkedHashSet<>();
		for (int interval = first; interval <= last && targets.size() < availableTargetNames.size(); interval++) {
			String suffix = intervals.suffix(interval);
			availableTargetNames.stream().filter(name -> name.endsWith(suffix)).forEach(targets::add);
		}
		return targets;
	}

	/**
	 * The earliest or latest creation time of the IDs in a range, from one of its ends, or
	 * {@code null} where the range is open or its end is no ID of the column (such as
	 * {@code 'post_'}), which bounds nothing routing could use. An excluded end that is the lowest ID
	 * of its instant bounds the times before that instant, and one that is the highest the times
	 * after it, as {@code TimeRangeRepository} writes {@code [from, to)}: {@code id < lowest(to)}.
	 */
	private @Nullable Instant timeBound(Range<Comparable<?>> range, boolean lowerEnd) {
		if (lowerEnd ? !range.hasLowerBound() : !range.hasUpperBound()) {
			return null;
		}
		Comparable<?> end = lowerEnd ? range.lowerEndpoint() : range.upperEndpoint();
		IdColumn column = initialized(this.column);
		TimeOrderedIdAlgorithm algorithm = (TimeOrderedIdAlgorithm) column.algorithm();
		try {
			String body = column.body(end);
			Instant instant = algorithm.instantOf(body);
			boolean open = (lowerEnd ? range.lowerBoundType() : range.upperBoundType()) == BoundType.OPEN;
			// in ID order: above the highest ID of an instant are later times only, below its lowest earlier ones
			if (open && !lowerEnd && body.equals(algorithm.lowestBody(instant))) {
				return instant.plus(this.descending ? 1 : -1, algorithm.precision());
			}
			if (open && lowerEnd && body.equals(algorithm.highestBody(instant))) {
				return instant.plus(this.descending ? -1 : 1, algorithm.precision());
			}
			return instant;
		}
		catch (IllegalArgumentException | ArithmeticException ex) {
			// InvalidIdException is one: a value that is no ID of the column; the others, an instant out of range
			return null;
		}
	}

	/** The IDs of the sharding column, as the props describe them. */
	IdColumn idColumn() {
		return initialized(this.column);
	}

	@Override
	public String getType() {
		return TYPE;
	}

}
