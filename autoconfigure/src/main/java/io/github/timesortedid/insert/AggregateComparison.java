package io.github.timesortedid.insert;

import java.lang.annotation.Annotation;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Timestamp;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.model.DatabaseKind;
import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.ReadOnlyProperty;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.AggregatePath;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.sql.IdentifierProcessing;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcOperations;

/**
 * Compares an aggregate being inserted with the stored one that has its ID, property by property as
 * Spring Data JDBC maps them, for {@link RetrySafeAggregateInserter}: simple values by what Spring
 * Data JDBC binds for them (its converter's JDBC value: an enum's name, a typed ID's text), decimals at
 * their column's scale and date-times at their column's fractional-second precision as the database's
 * catalog reports them (rounded half up, truncated on MariaDB); embedded values property by property
 * (a null one equals one whose properties are all null); the entities inside the aggregate by their
 * own data, a {@code List} in order, a {@code Map} by key, a {@code Set} as a set. Not compared: IDs
 * (the root's is the one looked up; the entities inside get new ones on a replay), versions,
 * {@code @TimeSortedId} attributes, Spring Data's auditing attributes and read-only properties.
 */
final class AggregateComparison {

	private static final List<Class<? extends Annotation>> NOT_COMPARED = List.of(TimeSortedId.class,
			CreatedDate.class, LastModifiedDate.class, CreatedBy.class, LastModifiedBy.class, ReadOnlyProperty.class);

	private final JdbcConverter converter;

	private final RelationalMappingContext mapping;

	private final JdbcOperations jdbc;

	/** The digits each column keeps, looked up once, on the first replay that needs them. */
	private final Map<String, OptionalInt> digits = new ConcurrentHashMap<>();

	private final RoundingMode rounding;

	AggregateComparison(JdbcConverter converter, JdbcOperations jdbc, DatabaseKind database) {
		this.converter = converter;
		this.mapping = converter.getMappingContext();
		this.jdbc = jdbc;
		// MariaDB drops excess fractional digits (unless sql_mode has TIME_ROUND_FRACTIONAL); PostgreSQL
		// and H2 round half up
		this.rounding = (database == DatabaseKind.MARIADB) ? RoundingMode.DOWN : RoundingMode.HALF_UP;
	}

	/**
	 * Lists the properties whose stored value differs from the attempted one; reads the catalog through
	 * the current transaction's connection the first time a column's digits are needed.
	 * @return property paths such as {@code title}, {@code address.city}, {@code lines[1].quantity}
	 */
	List<String> differences(Object attempted, Object stored) {
		RelationalPersistentEntity<?> entity = this.mapping.getRequiredPersistentEntity(attempted.getClass());
		List<String> differences = new ArrayList<>();
		compare(this.mapping.getAggregatePath(entity), entity, attempted, stored, "", differences);
		return differences;
	}

	private void compare(AggregatePath path, RelationalPersistentEntity<?> entity, @Nullable Object attempted,
			@Nullable Object stored, String prefix, List<String> differences) {
		for (RelationalPersistentProperty property : entity) {
			if (!compared(property)) {
				continue;
			}
			String name = prefix + property.getName();
			AggregatePath propertyPath = path.append(property);
			@Nullable Object mine = value(entity, attempted, property);
			@Nullable Object theirs = value(entity, stored, property);
			if (property.isEmbedded()) {
				compare(propertyPath, this.mapping.getRequiredPersistentEntity(property), mine, theirs, name + ".",
						differences);
			}
			else if (property.isEntity() && !AggregateReference.class.isAssignableFrom(property.getType())) {
				compareEntities(propertyPath, property, mine, theirs, name, differences);
			}
			else if (!same(propertyPath, property, mine, theirs)) {
				differences.add(name);
			}
		}
	}

	private static boolean compared(RelationalPersistentProperty property) {
		return !property.isIdProperty() && !property.isVersionProperty() && property.isWritable()
				&& NOT_COMPARED.stream().noneMatch(property::isAnnotationPresent);
	}

	@SuppressWarnings("unchecked")
	private @Nullable Object value(RelationalPersistentEntity<?> entity, @Nullable Object bean,
			RelationalPersistentProperty property) {
		return (bean != null) ? ((RelationalPersistentEntity<Object>) entity).getPropertyAccessor(bean).getProperty(property)
				: null;
	}

	/** The entities a property holds: one, or a list, set or map of them; an absent collection is an empty one. */
	private void compareEntities(AggregatePath path, RelationalPersistentProperty property, @Nullable Object attempted,
			@Nullable Object stored, String name, List<String> differences) {
		RelationalPersistentEntity<?> element = this.mapping.getRequiredPersistentEntity(property.getActualType());
		if (property.isMap()) {
			Map<?, ?> mine = (attempted != null) ? (Map<?, ?>) attempted : Map.of();
			Map<?, ?> theirs = (stored != null) ? (Map<?, ?>) stored : Map.of();
			if (!mine.keySet().equals(theirs.keySet())) {
				differences.add(name);
				return;
			}
			mine.forEach((key, value) -> compare(path, element, value, theirs.get(key), name + "[" + key + "].", differences));
		}
		else if (property.isCollectionLike()) {
			List<?> mine = (attempted != null) ? List.copyOf((Collection<?>) attempted) : List.of();
			List<?> theirs = (stored != null) ? List.copyOf((Collection<?>) stored) : List.of();
			if (mine.size() != theirs.size()) {
				differences.add(name);
			}
			else if (property.isOrdered()) {
				for (int i = 0; i < mine.size(); i++) {
					compare(path, element, mine.get(i), theirs.get(i), name + "[" + i + "].", differences);
				}
			}
			else if (!sameElements(path, element, mine, theirs)) {
				differences.add(name);
			}
		}
		else if ((attempted == null) != (stored == null)) {
			differences.add(name);
		}
		else {
			compare(path, element, attempted, stored, name + ".", differences);
		}
	}

	/** A set's elements, matched regardless of order: each of mine to a stored one with the same data. */
	private boolean sameElements(AggregatePath path, RelationalPersistentEntity<?> element, List<?> mine,
			List<?> theirs) {
		List<Object> unmatched = new ArrayList<>(theirs);
		for (Object each : mine) {
			boolean found = false;
			for (int i = 0; i < unmatched.size() && !found; i++) {
				List<String> differences = new ArrayList<>();
				compare(path, element, each, unmatched.get(i), "", differences);
				if (differences.isEmpty()) {
					unmatched.remove(i);
					found = true;
				}
			}
			if (!found) {
				return false;
			}
		}
		return true;
	}

	private boolean same(AggregatePath path, RelationalPersistentProperty property, @Nullable Object attempted,
			@Nullable Object stored) {
		@Nullable Object mine = written(property, attempted);
		@Nullable Object theirs = written(property, stored);
		if (mine == null || theirs == null) {
			return mine == theirs;
		}
		if (mine instanceof BigDecimal decimal && theirs instanceof BigDecimal other) {
			OptionalInt scale = digits(path);
			return (scale.isPresent() ? decimal.setScale(scale.getAsInt(), RoundingMode.HALF_UP)
					: decimal).compareTo(scale.isPresent() ? other.setScale(scale.getAsInt(), RoundingMode.HALF_UP) : other) == 0;
		}
		if (attempted instanceof LocalTime time && stored instanceof LocalTime other) {
			// Spring Data JDBC reads a time column back without its fraction of a second, whatever digits the
			// column keeps: a replay is the stored time when it is at the whole second the database keeps
			OptionalInt precision = digits(path);
			LocalTime kept = ((LocalTime) rounded(other, precision)).truncatedTo(ChronoUnit.SECONDS);
			LocalTime replayed = (LocalTime) rounded(time, precision);
			if (replayed.isBefore(time.truncatedTo(ChronoUnit.SECONDS))) {
				// rounded up past midnight, which no database wraps: H2 keeps the day's last instant at the
				// column's digits, PostgreSQL 24:00:00, which is read back as 00:00
				return kept.equals(LocalTime.MAX.truncatedTo(ChronoUnit.SECONDS)) || kept.equals(LocalTime.MIDNIGHT);
			}
			return replayed.truncatedTo(ChronoUnit.SECONDS).equals(kept);
		}
		if (temporal(mine) != null && temporal(theirs) != null) {
			OptionalInt precision = digits(path);
			return rounded(temporal(mine), precision).equals(rounded(temporal(theirs), precision));
		}
		return Objects.deepEquals(mine, theirs);
	}

	/** What Spring Data JDBC binds for a value of the property. */
	private @Nullable Object written(RelationalPersistentProperty property, @Nullable Object value) {
		return (value != null) ? this.converter
			.writeJdbcValue(value, TypeInformation.of(this.converter.getColumnType(property)),
					this.converter.getTargetSqlType(property))
			.getValue() : null;
	}

	/** A date-time as a {@code java.time} value; offsets as instants, which PostgreSQL and MariaDB keep. */
	private static @Nullable Temporal temporal(Object value) {
		if (value instanceof Timestamp timestamp) {
			return timestamp.toLocalDateTime();
		}
		if (value instanceof OffsetDateTime offset) {
			return offset.toInstant();
		}
		if (value instanceof ZonedDateTime zoned) {
			return zoned.toInstant();
		}
		return (value instanceof Temporal temporal && temporal.isSupported(ChronoField.NANO_OF_SECOND)) ? temporal : null;
	}

	/** A date-time at the column's fractional-second digits, rounded as the database rounds. */
	private Temporal rounded(@Nullable Temporal value, OptionalInt precision) {
		Temporal temporal = Objects.requireNonNull(value);
		if (precision.isEmpty() || precision.getAsInt() >= 9) {
			return temporal;
		}
		long unit = (long) Math.pow(10, 9 - precision.getAsInt());
		long nanos = temporal.getLong(ChronoField.NANO_OF_SECOND);
		long kept = (this.rounding == RoundingMode.DOWN) ? (nanos / unit) * unit : ((nanos + unit / 2) / unit) * unit;
		return temporal.plus(kept - nanos, ChronoUnit.NANOS);
	}

	/** The digits a property's column keeps after the point; empty for any (or when the database cannot say). */
	private OptionalInt digits(AggregatePath path) {
		String table = path.getTableInfo().qualifiedTableName().toSql(IdentifierProcessing.NONE);
		String column = path.getColumnInfo().name().toSql(IdentifierProcessing.NONE);
		String key = table + "." + column;
		OptionalInt known = this.digits.get(key);
		if (known != null) {
			return known;
		}
		@Nullable OptionalInt found = this.jdbc.execute((ConnectionCallback<@Nullable OptionalInt>) connection -> CatalogDigits
			.lookUp(table, column, connection, true));
		if (found == null) {
			return OptionalInt.empty();
		}
		this.digits.put(key, found);
		return found;
	}

}
