package io.github.timesortedid.insert;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.List;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.dialect.TimeZoneSupport;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.type.SqlTypes;
import org.jspecify.annotations.Nullable;

/**
 * One basic value in the form its column keeps it, for {@link StoredForm}:
 * <ul>
 * <li>date-times at the column's fractional-second precision, rounded as the database rounds
 * (half up; MariaDB truncates), and offset date-times as instants unless the column keeps the
 * offset (a native {@code timestamp with time zone} that stores it, as H2's does);</li>
 * <li>decimals at the column's scale, rounded half up, then by value ({@code 1.50} equals
 * {@code 1.5});</li>
 * <li>values with an {@code AttributeConverter} by what the converter writes;</li>
 * <li>text as the driver sends it: in UTF-8 (every driver but H2's) an unpaired surrogate is
 * '?';</li>
 * <li>binary values and arrays by content.</li>
 * </ul>
 */
final class StoredValues {

	private final RoundingMode temporalRounding;

	private final boolean nativeOffsets;

	private final int defaultPrecision;

	private final boolean utf16Text;

	StoredValues(Dialect dialect) {
		// MariaDB drops excess fractional digits (unless sql_mode has TIME_ROUND_FRACTIONAL); PostgreSQL,
		// MySQL and H2 round half up, and PgJDBC rounds nanoseconds to microseconds the same way
		this.temporalRounding = (dialect instanceof MariaDBDialect) ? RoundingMode.DOWN : RoundingMode.HALF_UP;
		this.nativeOffsets = dialect.getTimeZoneSupport() == TimeZoneSupport.NATIVE;
		this.defaultPrecision = dialect.getDefaultTimestampPrecision();
		// H2 keeps Java's UTF-16; the other drivers send UTF-8, where an unpaired surrogate becomes '?'
		this.utf16Text = dialect instanceof H2Dialect;
	}

	/**
	 * Converts a value of a basic attribute or collection element to its stored form.
	 * @param part the attribute or element mapping
	 * @param value its Java value
	 * @return a value that equals another's stored form exactly when the database would store the same,
	 * {@code null} for {@code null}
	 */
	@Nullable Object of(BasicValuedModelPart part, @Nullable Object value) {
		if (value == null) {
			return null;
		}
		Object relational = part.getJdbcMapping().convertToRelationalValue(value);
		if (relational instanceof BigDecimal decimal) {
			Integer scale = part.getScale();
			BigDecimal stored = (scale != null && decimal.scale() > scale) ? decimal.setScale(scale, RoundingMode.HALF_UP)
					: decimal;
			return stored.stripTrailingZeros();
		}
		if (relational instanceof String text) {
			return (this.utf16Text || !hasSurrogate(text)) ? text
					: new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
		}
		if (relational instanceof byte[] bytes) {
			return ByteBuffer.wrap(bytes.clone());
		}
		if (relational instanceof Object[] array) {
			return List.of(array);
		}
		return temporal(part, relational);
	}

	private Object temporal(BasicValuedModelPart part, Object value) {
		Integer declared = part.getTemporalPrecision();
		int precision = (declared != null) ? declared : this.defaultPrecision;
		boolean keepsOffset = this.nativeOffsets && isWithTimeZone(part);
		if (value instanceof java.sql.Timestamp timestamp) {
			return temporal(timestamp.toLocalDateTime(), precision, keepsOffset);
		}
		if (value instanceof java.sql.Time time) {
			return temporal(time.toLocalTime(), precision, keepsOffset);
		}
		if (value instanceof java.sql.Date date) {
			return date.toLocalDate();
		}
		if (value instanceof java.util.Date date) {
			return temporal(date.toInstant(), precision, keepsOffset);
		}
		if (value instanceof Calendar calendar) {
			return temporal(calendar.toInstant(), precision, keepsOffset);
		}
		return temporal(value, precision, keepsOffset);
	}

	private Object temporal(Object value, int precision, boolean keepsOffset) {
		if (value instanceof Instant instant) {
			return instant.plusNanos(roundingDelta(instant.getNano(), precision));
		}
		if (value instanceof LocalDateTime dateTime) {
			return dateTime.plusNanos(roundingDelta(dateTime.getNano(), precision));
		}
		if (value instanceof LocalTime time) {
			return time.plusNanos(roundingDelta(time.getNano(), precision));
		}
		if (value instanceof ZonedDateTime dateTime) {
			return temporal(dateTime.toOffsetDateTime(), precision, keepsOffset);
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

	private static boolean hasSurrogate(String text) {
		for (int i = 0; i < text.length(); i++) {
			if (Character.isSurrogate(text.charAt(i))) {
				return true;
			}
		}
		return false;
	}

	private static boolean isWithTimeZone(BasicValuedModelPart part) {
		int code = part.getJdbcMapping().getJdbcType().getDefaultSqlTypeCode();
		return code == SqlTypes.TIMESTAMP_WITH_TIMEZONE || code == SqlTypes.TIME_WITH_TIMEZONE;
	}

	/** What to add to a nano-of-second to bring it to {@code precision} fractional digits. */
	private long roundingDelta(int nanos, int precision) {
		if (precision >= 9) {
			return 0;
		}
		long unit = (long) Math.pow(10, 9 - precision);
		long down = nanos - (nanos % unit);
		long rounded = (this.temporalRounding == RoundingMode.HALF_UP && nanos - down >= unit / 2) ? down + unit : down;
		return rounded - nanos;
	}

}
