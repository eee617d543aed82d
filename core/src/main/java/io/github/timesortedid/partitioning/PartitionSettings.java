package io.github.timesortedid.partitioning;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.config.PartitionProperties;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.RetentionAction;
import io.github.timesortedid.id.InvalidSettingException;
import org.jspecify.annotations.Nullable;

/**
 * The checked partition settings of one entity, from {@code time-sorted-id.partitions.<Entity>.*}.
 *
 * @param interval the time each partition covers
 * @param premake the number of future partitions kept ready beyond the current one
 * @param retention how long rows are kept, or {@code null} to keep every partition
 * @param retentionAction what becomes of a partition past the retention
 * @param archiveSchema the schema detached partitions move to, or {@code null} to leave them beside the table
 */
public record PartitionSettings(PartitionInterval interval, int premake, @Nullable Duration retention,
		RetentionAction retentionAction, @Nullable String archiveSchema) {

	/** The most future partitions kept ready: beyond, a mistyped number would make thousands of tables. */
	public static final int MAX_PREMAKE = 1000;

	/** The longest an interval can last, a leap year, which a retention must at least cover. */
	private static final Map<PartitionInterval, Duration> LONGEST = Map.of(PartitionInterval.HOUR, Duration.ofHours(1),
			PartitionInterval.DAY, Duration.ofDays(1), PartitionInterval.WEEK, Duration.ofDays(7),
			PartitionInterval.MONTH, Duration.ofDays(31), PartitionInterval.YEAR, Duration.ofDays(366));

	/** A plain SQL name, the same quoted or not on either database. */
	private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	/**
	 * Settings that leave detached partitions beside their table.
	 * @param interval the time each partition covers
	 * @param premake the number of future partitions kept ready beyond the current one
	 * @param retention how long rows are kept, or {@code null} to keep every partition
	 * @param retentionAction what becomes of a partition past the retention
	 */
	public PartitionSettings(PartitionInterval interval, int premake, @Nullable Duration retention,
			RetentionAction retentionAction) {
		this(interval, premake, retention, retentionAction, null);
	}

	/**
	 * Checks the settings of one entity.
	 * @param entity the entity name, as the properties give it
	 * @param properties the properties
	 * @return the checked settings
	 * @throws InvalidSettingException naming the property of the first bad value
	 */
	public static PartitionSettings of(String entity, PartitionProperties properties) {
		String name = PropertyNames.PARTITIONS + entity + ".";
		if (properties.getInterval() == null) {
			throw new InvalidSettingException(name + "interval", null, "use hour, day, week, month or year");
		}
		if (properties.getPremake() < 1 || properties.getPremake() > MAX_PREMAKE) {
			throw new InvalidSettingException(name + "premake", properties.getPremake(), "use 1 to " + MAX_PREMAKE
					+ ": at least the next interval's partition must exist before its first row comes");
		}
		Duration retention = properties.getRetention();
		Duration longest = LONGEST.get(properties.getInterval());
		if (retention != null && retention.compareTo(longest) < 0) {
			throw new InvalidSettingException(name + "retention", retention, "use at least the longest "
					+ properties.getInterval().name().toLowerCase(Locale.ROOT) + " ("
					+ ((longest.toHours() < 24) ? longest.toHours() + "h" : longest.toDays() + "d")
					+ "), or leave it unset to keep every partition: a shorter one would retire the partition rows are "
					+ "inserted into. It reads as " + readable(retention) + "; a duration has no unit of months or "
					+ "years (M is minutes): write days, such as 183d for six months");
		}
		if (properties.getRetentionAction() == null) {
			throw new InvalidSettingException(name + "retention-action", null, "use detach or drop");
		}
		String archive = properties.getArchiveSchema();
		if (archive != null && properties.getRetentionAction() == RetentionAction.DROP) {
			throw new InvalidSettingException(name + "archive-schema", archive,
					"leave it unset with retention-action drop: a dropped partition leaves no table to archive");
		}
		if (archive != null && !PLAIN_NAME.matcher(archive).matches()) {
			throw new InvalidSettingException(name + "archive-schema", archive,
					"use a plain name of letters, digits and underscores, not starting with a digit");
		}
		return new PartitionSettings(properties.getInterval(), properties.getPremake(), retention,
				properties.getRetentionAction(), archive);
	}

	/**
	 * Tells whether a partition that ends at an instant is past the retention.
	 * @param end the first instant after the partition
	 * @param now the current time
	 * @return true if every row it can hold is older than the retention
	 */
	public boolean isRetired(Instant end, Instant now) {
		return this.retention != null && !end.isAfter(now.minus(this.retention));
	}

	/** A duration as a person reads it, in the largest whole unit: {@code 6 minutes}, {@code 7 days}. */
	private static String readable(Duration duration) {
		for (ChronoUnit unit : List.of(ChronoUnit.DAYS, ChronoUnit.HOURS, ChronoUnit.MINUTES)) {
			long count = duration.dividedBy(unit.getDuration());
			if (count > 0 && unit.getDuration().multipliedBy(count).equals(duration)) {
				String units = unit.toString().toLowerCase(Locale.ROOT);
				return count + " " + ((count == 1) ? units.substring(0, units.length() - 1) : units);
			}
		}
		return duration.toString();
	}

}
