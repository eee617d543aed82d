package io.github.timesortedid.insert;

import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.util.Calendar;
import java.util.OptionalInt;
import java.util.TimeZone;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.dialect.TimeZoneSupport;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.JdbcMapping;
import org.hibernate.type.SqlTypes;
import org.jspecify.annotations.Nullable;

/**
 * A date or time value in the form its column keeps it, for {@link StoredValues}:
 * <ul>
 * <li>legacy {@code java.util.Date} (and its {@code java.sql} subclasses) and {@code Calendar}
 * values as what their column holds: a {@code DATE} column the date, a {@code TIME} column the time
 * of day, a {@code TIMESTAMP} the local date-time (in Hibernate's JDBC time zone, or the
 * calendar's own zone, which Hibernate binds a {@code Calendar} with), a timestamp with time zone
 * the instant; so a caller's {@code Date} equals the {@code java.sql.Timestamp} or
 * {@code java.sql.Date} Hibernate reads back;</li>
 * <li>fractional seconds at the column's precision, rounded as the database rounds (half up;
 * MariaDB truncates);</li>
 * <li>offset date-times as instants unless the column keeps the offset (a native
 * {@code timestamp with time zone} that stores it, as H2's does).</li>
 * </ul>
 */
final class StoredTemporals {

	private final RoundingMode rounding;

	private final boolean nativeOffsets;

	private final Dialect dialect;

	private final ZoneId jdbcZone;

	private final boolean keepsLastTimeOfDay;

	StoredTemporals(Dialect dialect, @Nullable TimeZone jdbcTimeZone) {
		// MariaDB drops excess fractional digits (unless sql_mode has TIME_ROUND_FRACTIONAL); PostgreSQL,
		// MySQL and H2 round half up, and PgJDBC rounds nanoseconds to microseconds the same way
		this.rounding = (dialect instanceof MariaDBDialect) ? RoundingMode.DOWN : RoundingMode.HALF_UP;
		this.nativeOffsets = dialect.getTimeZoneSupport() == TimeZoneSupport.NATIVE;
		this.dialect = dialect;
		this.jdbcZone = (jdbcTimeZone != null) ? jdbcTimeZone.toZoneId() : ZoneId.systemDefault();
		this.keepsLastTimeOfDay = dialect instanceof H2Dialect;
	}

	/** Tells whether a relational value is a date or time that {@link #of} knows. */
	static boolean isTemporal(Object value) {
		return value instanceof Temporal || value instanceof java.util.Date || value instanceof Calendar;
	}

	/**
	 * The fractional-second precision to assume when the database cannot tell a column's (MariaDB
	 * Connector/J does not): the one Hibernate gives the column it makes.
	 * @param part the attribute or element
	 * @return the declared precision, or Hibernate's default for the type (6 for timestamps on most
	 * databases, 0 for times)
	 */
	OptionalInt fallbackPrecision(BasicValuedModelPart part) {
		Integer declared = part.getTemporalPrecision();
		JdbcMapping mapping = part.getJdbcMapping();
		return OptionalInt.of((declared != null) ? declared
				: mapping.getJdbcJavaType().getDefaultSqlPrecision(this.dialect, mapping.getJdbcType()));
	}

	/**
	 * Converts a date or time to its stored form.
	 * @param value a value {@link #isTemporal} accepts
	 * @param sqlType the column's {@link SqlTypes} code
	 * @param precision the column's fractional-second digits, empty for any
	 * @return the stored form
	 */
	Object of(Object value, int sqlType, OptionalInt precision) {
		boolean keepsOffset = this.nativeOffsets
				&& (sqlType == SqlTypes.TIMESTAMP_WITH_TIMEZONE || sqlType == SqlTypes.TIME_WITH_TIMEZONE);
		Object modern = (value instanceof Temporal) ? value : modern(value, sqlType);
		return rounded(modern, precision.orElse(9), keepsOffset);
	}

	/** A legacy value as the {@code java.time} value its column holds. */
	private Object modern(Object legacy, int sqlType) {
		Instant instant;
		ZoneId zone;
		if (legacy instanceof Calendar calendar) {
			instant = calendar.toInstant();
			zone = calendar.getTimeZone().toZoneId();
		}
		else {
			// Timestamp.toInstant keeps the nanoseconds; java.sql.Date and Time refuse toInstant
			instant = (legacy instanceof java.sql.Timestamp timestamp) ? timestamp.toInstant()
					: Instant.ofEpochMilli(((java.util.Date) legacy).getTime());
			zone = this.jdbcZone;
		}
		return switch (sqlType) {
			case SqlTypes.DATE -> instant.atZone(zone).toLocalDate();
			case SqlTypes.TIME, SqlTypes.TIME_WITH_TIMEZONE, SqlTypes.TIME_UTC -> instant.atZone(zone).toLocalTime();
			case SqlTypes.TIMESTAMP_WITH_TIMEZONE, SqlTypes.TIMESTAMP_UTC -> instant;
			default -> LocalDateTime.ofInstant(instant, zone);
		};
	}

	private Object rounded(Object value, int precision, boolean keepsOffset) {
		if (value instanceof Instant instant) {
			return instant.plusNanos(roundingDelta(instant.getNano(), precision));
		}
		if (value instanceof LocalDateTime dateTime) {
			return dateTime.plusNanos(roundingDelta(dateTime.getNano(), precision));
		}
		if (value instanceof LocalTime time) {
			long delta = roundingDelta(time.getNano(), precision);
			LocalTime rounded = time.plusNanos(delta);
			// rounded up past midnight: H2 keeps the day's last time at the column's digits; PostgreSQL
			// keeps 24:00:00, which the driver reads back as 00:00, the time plusNanos wrapped to
			return (this.keepsLastTimeOfDay && delta > 0 && rounded.isBefore(time))
					? LocalTime.MAX.minusNanos(LocalTime.MAX.getNano() % unit(precision)) : rounded;
		}
		if (value instanceof ZonedDateTime dateTime) {
			return rounded(dateTime.toOffsetDateTime(), precision, keepsOffset);
		}
		if (value instanceof OffsetDateTime dateTime) {
			OffsetDateTime rounded = dateTime.plusNanos(roundingDelta(dateTime.getNano(), precision));
			return keepsOffset ? rounded : rounded.toInstant();
		}
		if (value instanceof OffsetTime time) {
			OffsetTime rounded = time.plusNanos(roundingDelta(time.getNano(), precision));
			return keepsOffset ? rounded : rounded.withOffsetSameInstant(ZoneOffset.UTC);
		}
		return value;
	}

	/** The nanoseconds of the last of {@code precision} fractional digits. */
	private static long unit(int precision) {
		return (long) Math.pow(10, 9 - precision);
	}

	/** What to add to a nano-of-second to bring it to {@code precision} fractional digits. */
	private long roundingDelta(int nanos, int precision) {
		if (precision >= 9) {
			return 0;
		}
		long unit = unit(precision);
		long down = nanos - (nanos % unit);
		long rounded = (this.rounding == RoundingMode.HALF_UP && nanos - down >= unit / 2) ? down + unit : down;
		return rounded - nanos;
	}

}
