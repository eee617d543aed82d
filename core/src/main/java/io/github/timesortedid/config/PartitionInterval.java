package io.github.timesortedid.config;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/**
 * The time one partition of a table covers. Intervals start at whole units of UTC (weeks on
 * Mondays, as ISO 8601 counts them), so that every instance, whatever its time zone, cuts time at
 * the same instants, and partition names read as the start of their interval.
 */
public enum PartitionInterval {

	/** An hour: partitions named {@code _p2026050114}. */
	HOUR("yyyyMMddHH"),

	/** A day: partitions named {@code _p20260501}. */
	DAY("yyyyMMdd"),

	/** A week from Monday: partitions named after the Monday, {@code _p20260504}. */
	WEEK("yyyyMMdd"),

	/** A month: partitions named {@code _p202605}. */
	MONTH("yyyyMM"),

	/** A year: partitions named {@code _p2026}. */
	YEAR("yyyy");

	private final DateTimeFormatter name;

	PartitionInterval(String pattern) {
		this.name = DateTimeFormatter.ofPattern(pattern).withZone(ZoneOffset.UTC);
	}

	/**
	 * Returns the start of the interval that holds an instant.
	 * @param instant an instant
	 * @return the first instant of its interval
	 */
	public Instant start(Instant instant) {
		LocalDateTime time = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
		LocalDateTime start = switch (this) {
			case HOUR -> time.truncatedTo(ChronoUnit.HOURS);
			case DAY -> time.truncatedTo(ChronoUnit.DAYS);
			case WEEK -> time.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
			case MONTH -> time.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
			case YEAR -> time.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1);
		};
		return start.toInstant(ZoneOffset.UTC);
	}

	/**
	 * Returns the start of the interval after the one that holds an instant.
	 * @param instant an instant
	 * @return the first instant of the next interval
	 */
	public Instant next(Instant instant) {
		LocalDateTime start = LocalDateTime.ofInstant(start(instant), ZoneOffset.UTC);
		LocalDateTime next = switch (this) {
			case HOUR -> start.plusHours(1);
			case DAY -> start.plusDays(1);
			case WEEK -> start.plusWeeks(1);
			case MONTH -> start.plusMonths(1);
			case YEAR -> start.plusYears(1);
		};
		return next.toInstant(ZoneOffset.UTC);
	}

	/**
	 * Returns the suffix of the name of the partition that starts at an instant, e.g.
	 * {@code p202605}.
	 * @param start the start of an interval
	 * @return the suffix
	 */
	public String suffix(Instant start) {
		return "p" + this.name.format(start);
	}

}
