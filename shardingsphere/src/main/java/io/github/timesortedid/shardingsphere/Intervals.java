package io.github.timesortedid.shardingsphere;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The time intervals of {@code TIME_SORTED_ID_INTERVAL}, with the properties and meaning of
 * ShardingSphere's {@code INTERVAL} algorithm (ShardingSphere documentation, "Sharding Algorithm",
 * "Fixed interval sharding algorithm"): intervals of {@code datetime-interval-amount}
 * {@code datetime-interval-unit}s follow one another from {@code datetime-lower}, the last one being
 * the one that holds {@code datetime-upper}, and an interval's shard is the target whose name ends
 * with the interval's start written in {@code sharding-suffix-pattern}. Times are read with
 * {@code datetime-pattern} and are UTC, as the instants inside IDs are.
 * <p>
 * Two choices differ from {@code INTERVAL}: {@code datetime-upper} is required, since its default
 * there, the time of start-up, would leave every ID made after the interval of the start-up without
 * a shard; and the intervals are listed once at start-up, at most {@value #MOST} of them, so that a
 * lookup is a binary search rather than a walk from {@code datetime-lower}.
 */
final class Intervals {

	static final String PATTERN = "datetime-pattern";

	static final String LOWER = "datetime-lower";

	static final String UPPER = "datetime-upper";

	static final String SUFFIX_PATTERN = "sharding-suffix-pattern";

	static final String AMOUNT = "datetime-interval-amount";

	static final String UNIT = "datetime-interval-unit";

	static final Set<String> KEYS = Set.of(PATTERN, LOWER, UPPER, SUFFIX_PATTERN, AMOUNT, UNIT);

	/** ShardingSphere's documented example of a {@code datetime-pattern}, used when none is given. */
	static final String DEFAULT_PATTERN = "yyyy-MM-dd HH:mm:ss";

	/** The most intervals one configuration may make: a century of days is 36,525. */
	static final int MOST = 100_000;

	/** The start of each interval, in Unix milliseconds, ascending. */
	private final long[] starts;

	/** The end of the last interval (exclusive), in Unix milliseconds. */
	private final long end;

	/** The suffix of each interval's target. */
	private final String[] suffixes;

	private Intervals(long[] starts, long end, String[] suffixes) {
		this.starts = starts;
		this.end = end;
		this.suffixes = suffixes;
	}

	static Intervals of(AlgorithmProperties props) {
		String pattern = (props.text(PATTERN) != null) ? props.text(PATTERN) : DEFAULT_PATTERN;
		DateTimeFormatter reader = formatter(props, PATTERN, pattern);
		LocalDateTime lower = dateTime(props, reader, LOWER, pattern);
		LocalDateTime upper = dateTime(props, reader, UPPER, pattern);
		DateTimeFormatter suffix = formatter(props, SUFFIX_PATTERN, props.required(SUFFIX_PATTERN, "yyyyMM"));
		int amount = props.positive(AMOUNT, 1);
		ChronoUnit unit = unit(props);
		if (upper.isBefore(lower)) {
			throw props.fail(UPPER + " " + props.text(UPPER) + " is before " + LOWER + " " + props.text(LOWER));
		}
		List<Long> starts = new ArrayList<>();
		List<String> suffixes = new ArrayList<>();
		LocalDateTime start = lower;
		while (!start.isAfter(upper)) {
			if (starts.size() == MOST) {
				throw props.fail(LOWER + " to " + UPPER + " in steps of " + amount + " " + unit.toString().toLowerCase(Locale.ROOT)
						+ " make more than " + MOST + " intervals; use a larger " + AMOUNT + " or " + UNIT);
			}
			starts.add(start.toInstant(ZoneOffset.UTC).toEpochMilli());
			suffixes.add(format(props, suffix, start));
			start = start.plus(amount, unit);
		}
		return new Intervals(starts.stream().mapToLong(Long::longValue).toArray(),
				start.toInstant(ZoneOffset.UTC).toEpochMilli(), suffixes.toArray(String[]::new));
	}

	/** The number of intervals. */
	int size() {
		return this.starts.length;
	}

	/** The suffix of an interval's target. */
	String suffix(int interval) {
		return this.suffixes[interval];
	}

	/** The first instant of an interval. */
	Instant start(int interval) {
		return Instant.ofEpochMilli(this.starts[interval]);
	}

	/** The first instant after the last interval. */
	Instant end() {
		return Instant.ofEpochMilli(this.end);
	}

	/**
	 * Returns the interval that holds an instant.
	 * @return its index, or -1 before the first interval, {@link #size()} after the last
	 */
	int indexOf(Instant instant) {
		long millis = floorMillis(instant);
		if (millis >= this.end) {
			return this.starts.length;
		}
		int found = Arrays.binarySearch(this.starts, millis);
		// not found: (-(insertion point) - 1), and the interval is the one before the insertion point
		return (found >= 0) ? found : -found - 2;
	}

	private static long floorMillis(Instant instant) {
		try {
			return instant.toEpochMilli();
		}
		catch (ArithmeticException ex) {
			return instant.isBefore(Instant.EPOCH) ? Long.MIN_VALUE : Long.MAX_VALUE;
		}
	}

	private static DateTimeFormatter formatter(AlgorithmProperties props, String key, String pattern) {
		try {
			// fields the pattern leaves out (a month, a day, a time) are their first value, so that yyyy or
			// yyyy-MM-dd name the start of a year or a day, as they do in INTERVAL
			return new DateTimeFormatterBuilder().appendPattern(pattern)
				.parseDefaulting(ChronoField.MONTH_OF_YEAR, 1)
				.parseDefaulting(ChronoField.DAY_OF_MONTH, 1)
				.parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
				.parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
				.parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
				.toFormatter(Locale.ROOT);
		}
		catch (IllegalArgumentException ex) {
			throw props.invalid(key, pattern, "not a DateTimeFormatter pattern: " + ex.getMessage());
		}
	}

	private static LocalDateTime dateTime(AlgorithmProperties props, DateTimeFormatter reader, String key,
			String pattern) {
		String text = props.required(key, "2026-01-01 00:00:00");
		try {
			return LocalDateTime.parse(text, reader);
		}
		catch (DateTimeException ex) {
			throw props.invalid(key, text, "not a time in the " + PATTERN + " " + pattern);
		}
	}

	private static String format(AlgorithmProperties props, DateTimeFormatter suffix, LocalDateTime start) {
		try {
			return suffix.format(start);
		}
		catch (DateTimeException ex) {
			throw props.invalid(SUFFIX_PATTERN, props.text(SUFFIX_PATTERN), ex.getMessage());
		}
	}

	private static ChronoUnit unit(AlgorithmProperties props) {
		String text = props.text(UNIT);
		if (text == null) {
			return ChronoUnit.DAYS;
		}
		for (ChronoUnit unit : ChronoUnit.values()) {
			if (unit.name().equalsIgnoreCase(text) && unit.compareTo(ChronoUnit.MILLIS) >= 0
					&& unit.compareTo(ChronoUnit.YEARS) <= 0) {
				return unit;
			}
		}
		throw props.invalid(UNIT, text, "use one of MILLIS, SECONDS, MINUTES, HOURS, HALF_DAYS, DAYS, WEEKS, MONTHS or YEARS");
	}

}
