package io.github.timesortedid.insert;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Member;
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
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.dialect.TimeZoneSupport;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.CollectionPart;
import org.hibernate.metamodel.mapping.EmbeddableValuedModelPart;
import org.hibernate.metamodel.mapping.EntityMappingType;
import org.hibernate.metamodel.mapping.EntityValuedModelPart;
import org.hibernate.metamodel.mapping.ManagedMappingType;
import org.hibernate.metamodel.mapping.PluralAttributeMapping;
import org.hibernate.metamodel.spi.MappingMetamodelImplementor;
import org.hibernate.proxy.HibernateProxy;
import org.hibernate.type.SqlTypes;

/**
 * An entity's data in the form the database keeps it, so that a replay is compared with the stored
 * row as the database would see the two, not as Java does:
 * <ul>
 * <li>date-times at the column's fractional-second precision, rounded as the database rounds
 * (half up; MariaDB truncates), and offset date-times as instants unless the column keeps the
 * offset (a native {@code timestamp with time zone} that stores it, as H2's does);</li>
 * <li>decimals at the column's scale, rounded half up, then by value ({@code 1.50} equals
 * {@code 1.5});</li>
 * <li>values with an {@code AttributeConverter} by what the converter writes;</li>
 * <li>text as the driver sends it: in UTF-8 (every driver but H2's) an unpaired surrogate is
 * '?';</li>
 * <li>embeddables attribute by attribute (they need no {@code equals()}); an embeddable whose
 * attributes are all null equals a null one, as it reads back;</li>
 * <li>to-one references and non-cascaded collection elements by the referenced entity's ID;
 * entities the insert cascades to by their own data, without their generated IDs (a replayed
 * request makes new child IDs);</li>
 * <li>collections by contents: lists with an order column in order, bags as multisets, sets as
 * sets, maps by entries; a null collection as an empty one.</li>
 * </ul>
 * Not compared: the ID, the {@code @Version}, attributes Hibernate or the database generate (a
 * {@code @TimeSortedId} that is not the ID, {@code @CreationTimestamp}, {@code @Generated}), Spring
 * Data's {@code @CreatedDate} and {@code @LastModifiedDate}, attributes that are not insertable, and
 * inverse collections the insert does not cascade to.
 */
final class StoredForm {

	private static final Set<String> AUDIT_ANNOTATIONS = Set.of("org.springframework.data.annotation.CreatedDate",
			"org.springframework.data.annotation.LastModifiedDate");

	private final MappingMetamodelImplementor metamodel;

	private final RoundingMode temporalRounding;

	private final boolean nativeOffsets;

	private final int defaultPrecision;

	private final boolean utf16Text;

	StoredForm(MappingMetamodelImplementor metamodel, Dialect dialect) {
		this.metamodel = metamodel;
		// MariaDB drops excess fractional digits (unless sql_mode has TIME_ROUND_FRACTIONAL); PostgreSQL,
		// MySQL and H2 round half up, and PgJDBC rounds nanoseconds to microseconds the same way
		this.temporalRounding = (dialect instanceof MariaDBDialect) ? RoundingMode.DOWN : RoundingMode.HALF_UP;
		this.nativeOffsets = dialect.getTimeZoneSupport() == TimeZoneSupport.NATIVE;
		this.defaultPrecision = dialect.getDefaultTimestampPrecision();
		// H2 keeps Java's UTF-16; the other drivers send UTF-8, where an unpaired surrogate becomes '?'
		this.utf16Text = dialect instanceof H2Dialect;
	}

	/**
	 * Lists the attributes whose stored form differs between two instances of an entity.
	 * @param attempted the entity as this insert tried to write it
	 * @param stored the entity as loaded, its lazy parts still loadable
	 * @return attribute paths ({@code title}, {@code shipTo.city}, {@code lines}), in mapping order
	 */
	List<String> differences(Object attempted, Object stored) {
		Map<String, Object> mine = of(attempted);
		Map<String, Object> theirs = of(stored);
		List<String> differing = new ArrayList<>();
		mine.forEach((path, value) -> {
			if (!Objects.equals(value, theirs.get(path))) {
				differing.add(path);
			}
		});
		return differing;
	}

	/** The compared attributes of an entity, by path. */
	Map<String, Object> of(Object entity) {
		Object target = unproxy(entity);
		EntityMappingType type = this.metamodel.getEntityDescriptor(target.getClass());
		Map<String, Object> form = new LinkedHashMap<>();
		attributes(type, target, "", form);
		return form;
	}

	private void attributes(ManagedMappingType type, Object target, String path, Map<String, Object> form) {
		EntityMappingType entity = (type instanceof EntityMappingType mapped) ? mapped : null;
		for (int i = 0; i < type.getNumberOfAttributeMappings(); i++) {
			AttributeMapping attribute = type.getAttributeMapping(i);
			if (isCompared(attribute, entity)) {
				Object value = (target != null) ? attribute.getValue(target) : null;
				attribute(attribute, value, path + attribute.getAttributeName(), form);
			}
		}
	}

	private void attribute(AttributeMapping attribute, Object value, String path, Map<String, Object> form) {
		boolean cascades = InsertGraph.cascadesPersist(attribute);
		if (attribute instanceof PluralAttributeMapping plural) {
			form.put(path, collection(plural, value, cascades));
		}
		else if (attribute instanceof EmbeddableValuedModelPart embedded) {
			// flattened, so that an all-null embeddable equals a null one and a difference names its part
			attributes(embedded.getEmbeddableTypeDescriptor(), value, path + ".", form);
		}
		else if (attribute instanceof EntityValuedModelPart) {
			form.put(path, reference(value, cascades));
		}
		else {
			form.put(path, basic((BasicValuedModelPart) attribute, value));
		}
	}

	private boolean isCompared(AttributeMapping attribute, EntityMappingType entity) {
		if (entity != null && entity.getVersionMapping() != null
				&& entity.getVersionMapping().getVersionAttribute() == attribute) {
			return false;
		}
		if ((attribute.getGenerator() != null && attribute.getGenerator().generatesOnInsert())
				|| !attribute.getAttributeMetadata().isInsertable()) {
			return false;
		}
		if (attribute instanceof PluralAttributeMapping plural && plural.getCollectionDescriptor().isInverse()
				&& !InsertGraph.cascadesPersist(attribute)) {
			return false;
		}
		Member member = attribute.getPropertyAccess().getGetter().getMember();
		if (member instanceof AnnotatedElement annotated) {
			for (var annotation : annotated.getAnnotations()) {
				if (AUDIT_ANNOTATIONS.contains(annotation.annotationType().getName())) {
					return false;
				}
			}
		}
		return true;
	}

	private Object collection(PluralAttributeMapping plural, Object value, boolean cascades) {
		CollectionPart element = plural.getElementDescriptor();
		switch (plural.getCollectionDescriptor().getCollectionSemantics().getCollectionClassification()) {
			case MAP, SORTED_MAP, ORDERED_MAP -> {
				Map<Object, Object> entries = new HashMap<>();
				if (value != null) {
					((Map<?, ?>) value).forEach((key, entryValue) -> entries.put(part(plural.getIndexDescriptor(), key, false),
							part(element, entryValue, cascades)));
				}
				return entries;
			}
			case LIST, ARRAY -> {
				List<Object> list = new ArrayList<>();
				elements(value).forEach(item -> list.add(part(element, item, cascades)));
				return list;
			}
			case SET, SORTED_SET, ORDERED_SET -> {
				Set<Object> set = new HashSet<>();
				elements(value).forEach(item -> set.add(part(element, item, cascades)));
				return set;
			}
			default -> {
				// a bag: neither order nor uniqueness is kept, so the multiset of elements is what is stored
				Map<Object, Integer> counts = new HashMap<>();
				elements(value).forEach(item -> counts.merge(part(element, item, cascades), 1, Integer::sum));
				return counts;
			}
		}
	}

	private static Collection<?> elements(Object value) {
		if (value == null) {
			return List.of();
		}
		return (value instanceof Object[] array) ? List.of(array) : (Collection<?>) value;
	}

	private Object part(CollectionPart part, Object value, boolean cascades) {
		if (part instanceof EmbeddableValuedModelPart embedded) {
			Map<String, Object> form = new LinkedHashMap<>();
			attributes(embedded.getEmbeddableTypeDescriptor(), value, "", form);
			return form;
		}
		if (part instanceof EntityValuedModelPart) {
			return reference(value, cascades);
		}
		return basic((BasicValuedModelPart) part, value);
	}

	/** A cascaded entity by its own data; any other by its ID, never loading it. */
	private Object reference(Object entity, boolean cascades) {
		if (entity == null) {
			return null;
		}
		if (cascades) {
			return of(entity);
		}
		if (entity instanceof HibernateProxy proxy) {
			return proxy.getHibernateLazyInitializer().getInternalIdentifier();
		}
		return this.metamodel.getEntityDescriptor(entity.getClass()).getIdentifierMapping().getIdentifier(entity);
	}

	private Object basic(BasicValuedModelPart part, Object value) {
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

	private static Object unproxy(Object entity) {
		return (entity instanceof HibernateProxy proxy) ? proxy.getHibernateLazyInitializer().getImplementation() : entity;
	}

}
