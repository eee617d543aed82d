package io.github.timesortedid.shardingsphere;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

import com.google.common.collect.Range;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.shardingsphere.infra.datanode.DataNodeInfo;
import org.apache.shardingsphere.sharding.algorithm.sharding.datetime.IntervalShardingAlgorithm;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.RangeShardingValue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code TIME_SORTED_ID_INTERVAL} against ShardingSphere's own {@code INTERVAL}, as the oracle:
 * with the same interval properties, an ID is routed where {@code INTERVAL} routes its creation time
 * written as a date-time, and a closed range of IDs to the targets {@code INTERVAL} gives the range
 * of their times; a range always includes the shard of every ID inside it, whatever its form, and
 * for newest-first {@code kuuid} too.
 */
class IntervalShardingProperties {

	private static final DateTimeFormatter PATTERN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

	private static final LocalDateTime LOWER = LocalDateTime.of(2024, 3, 5, 6, 7, 8);

	record Layout(ChronoUnit unit, int amount, String suffix, int span) {
	}

	@Provide
	Arbitrary<Layout> layouts() {
		return Arbitraries.of(new Layout(ChronoUnit.HOURS, 6, "yyyyMMddHH", 24 * 20),
				new Layout(ChronoUnit.DAYS, 1, "yyyyMMdd", 400), new Layout(ChronoUnit.DAYS, 3, "yyyyMMdd", 400),
				new Layout(ChronoUnit.WEEKS, 1, "yyyyMMdd", 300), new Layout(ChronoUnit.MONTHS, 1, "yyyyMM", 40),
				new Layout(ChronoUnit.MONTHS, 5, "yyyyMM", 80), new Layout(ChronoUnit.YEARS, 1, "yyyy", 10));
	}

	@Provide
	Arbitrary<String> timed() {
		List<String> names = new ArrayList<>(IdAlgorithms.names());
		names.add(Columns.KUUID_REVERSE);
		return Arbitraries.of(names).filter(name -> Columns.format(name).algorithm() instanceof TimeOrderedIdAlgorithm);
	}

	@Property(tries = 300)
	void anIdGoesWhereIntervalSendsItsTime(@ForAll("layouts") Layout layout, @ForAll("timed") String algorithm,
			@ForAll("fractions") double at) {
		Setup setup = new Setup(layout, algorithm);
		Instant instant = setup.instant(at);
		String id = setup.idAt(instant, at);
		String expected = setup.interval.doSharding(setup.targets, precise(PATTERN.format(utc(instant))));
		for (Object form : Columns.forms(setup.format, id)) {
			if (form instanceof Comparable<?> value) {
				assertThat(setup.ours.doSharding(setup.targets, precise(value))).as(id + " at " + instant)
					.isEqualTo(expected);
			}
		}
	}

	@Property(tries = 300)
	void aRangeOfIdsGoesWhereIntervalSendsTheRangeOfTheirTimes(@ForAll("layouts") Layout layout,
			@ForAll("timed") String algorithm, @ForAll("fractions") double a, @ForAll("fractions") double b) {
		Setup setup = new Setup(layout, algorithm);
		Instant from = setup.instant(Math.min(a, b));
		Instant to = setup.instant(Math.max(a, b));
		IdFormat format = setup.format;
		TimeOrderedIdAlgorithm ordered = (TimeOrderedIdAlgorithm) format.algorithm();
		// newest first: the lowest ID of the latest time to the highest of the earliest
		String low = ordered.isDescending() ? format.lowest(to) : format.lowest(from);
		String high = ordered.isDescending() ? format.highest(from) : format.highest(to);
		Collection<String> ours = setup.ours.doSharding(setup.targets, range(Range.closed(low, high)));
		Collection<String> expected = setup.interval.doSharding(setup.targets,
				range(Range.closed(PATTERN.format(utc(from)), PATTERN.format(utc(to)))));
		assertThat(new TreeSet<>(ours)).isEqualTo(new TreeSet<>(expected));
		// and every ID inside reaches a shard of the range
		String inside = setup.idAt(setup.instant((a + b) / 2), a);
		assertThat(ours).contains(setup.ours.doSharding(setup.targets, precise(inside)));
	}

	@Property(tries = 100)
	void aHalfOpenRangeFromTheLowestIdOfAnIntervalReachesThatIntervalAlone(@ForAll("layouts") Layout layout,
			@ForAll("timed") String algorithm, @ForAll("fractions") double at) {
		Setup setup = new Setup(layout, algorithm);
		TimeOrderedIdAlgorithm ordered = (TimeOrderedIdAlgorithm) setup.format.algorithm();
		LocalDateTime start = LOWER;
		LocalDateTime target = utc(setup.instant(at));
		while (!start.plus(layout.amount(), layout.unit()).isAfter(target)) {
			start = start.plus(layout.amount(), layout.unit());
		}
		LocalDateTime end = start.plus(layout.amount(), layout.unit());
		if (end.isAfter(setup.upper)) {
			return;
		}
		Instant from = start.toInstant(ZoneOffset.UTC);
		Instant to = end.toInstant(ZoneOffset.UTC);
		// TimeRangeRepository's [from, to): id >= lowest(from) and id < lowest(to), mirrored for newest first
		Range<Comparable<?>> range = ordered.isDescending()
				? Range.openClosed(setup.format.highest(to), setup.format.highest(from))
				: Range.closedOpen(setup.format.lowest(from), setup.format.lowest(to));
		assertThat(setup.ours.doSharding(setup.targets, range(range))).containsExactly("ds_" + start.format(
				DateTimeFormatter.ofPattern(layout.suffix())));
	}

	@Provide
	Arbitrary<Double> fractions() {
		return Arbitraries.doubles().between(0, 1);
	}

	private static LocalDateTime utc(Instant instant) {
		return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
	}

	private static PreciseShardingValue<Comparable<?>> precise(Comparable<?> value) {
		return new PreciseShardingValue<>("post", "id", new DataNodeInfo("ds_", 1, '0'), value);
	}

	private static RangeShardingValue<Comparable<?>> range(Range<Comparable<?>> range) {
		return new RangeShardingValue<>("post", "id", new DataNodeInfo("ds_", 1, '0'), range);
	}

	/** Both algorithms with the same interval properties, the targets of every interval, the IDs. */
	private static final class Setup {

		final IdFormat format;

		final TimeSortedIdIntervalShardingAlgorithm ours = new TimeSortedIdIntervalShardingAlgorithm();

		final IntervalShardingAlgorithm interval = new IntervalShardingAlgorithm();

		final List<String> targets = new ArrayList<>();

		final LocalDateTime upper;

		Setup(Layout layout, String algorithm) {
			this.format = Columns.format(algorithm);
			this.upper = LOWER.plus((long) layout.span() * layout.amount(), layout.unit()).minusSeconds(1);
			Properties props = new Properties();
			props.setProperty("datetime-pattern", "yyyy-MM-dd HH:mm:ss");
			props.setProperty("datetime-lower", PATTERN.format(LOWER));
			props.setProperty("datetime-upper", PATTERN.format(this.upper));
			props.setProperty("sharding-suffix-pattern", layout.suffix());
			props.setProperty("datetime-interval-amount", String.valueOf(layout.amount()));
			props.setProperty("datetime-interval-unit", layout.unit().name());
			this.interval.init(props);
			props.putAll(Columns.props(algorithm));
			this.ours.init(props);
			for (LocalDateTime start = LOWER; !start.isAfter(this.upper); start = start.plus(layout.amount(), layout.unit())) {
				this.targets.add("ds_" + start.format(DateTimeFormatter.ofPattern(layout.suffix())));
			}
		}

		/** An instant between the lower and the upper end, at a fraction of the way. */
		Instant instant(double fraction) {
			long seconds = java.time.Duration.between(LOWER, this.upper).getSeconds();
			Instant instant = LOWER.toInstant(ZoneOffset.UTC).plusSeconds((long) (seconds * fraction));
			// at the algorithm's precision, as its IDs carry it
			return ((TimeOrderedIdAlgorithm) this.format.algorithm()).instantOf(this.format.body(this.format.lowest(instant)));
		}

		/** An ID made at an instant: its lowest or its highest. */
		String idAt(Instant instant, double choice) {
			return (choice < 0.5) ? this.format.lowest(instant) : this.format.highest(instant);
		}

	}

}
