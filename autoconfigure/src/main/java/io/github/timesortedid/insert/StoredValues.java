package io.github.timesortedid.insert;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.SQLException;
import java.sql.Time;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import org.hibernate.Session;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.JdbcMapping;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.descriptor.java.LocalTimeJavaType;
import org.hibernate.type.format.FormatMapper;
import org.jspecify.annotations.Nullable;

/**
 * One basic value in the form its column keeps it, for {@link StoredForm}:
 * <ul>
 * <li>date-times as {@link StoredTemporals} says: at the column's fractional-second precision, and
 * legacy {@code Date} and {@code Calendar} values as the date, time or date-time their column
 * holds;</li>
 * <li>decimals at the column's scale (as the database reports it), rounded half up, then by value
 * ({@code 1.50} equals {@code 1.5});</li>
 * <li>values with an {@code AttributeConverter} by what the converter writes;</li>
 * <li>JSON values as the JSON they are written as, read back into maps and lists with numbers by
 * value, so that neither a class without {@code equals()} nor {@code 5L} read back as {@code 5}
 * makes a difference;</li>
 * <li>text as the driver sends it: in UTF-8 (every driver but H2's) an unpaired surrogate is
 * '?';</li>
 * <li>binary values, arrays (primitive ones, and with null elements), {@code Blob} and {@code Clob}
 * by content;</li>
 * <li>anything else as Hibernate's own dirty check compares it ({@link JavaType#areEqual}), so that
 * a serialized object without {@code equals()} is compared by its bytes.</li>
 * </ul>
 */
final class StoredValues {

	private final boolean utf16Text;

	private final StoredTemporals temporals;

	private final ColumnDigits digits = new ColumnDigits();

	private final SessionFactoryImplementor sessionFactory;

	private final WrapperOptions options;

	private final JavaType<Object> anyJson;

	StoredValues(SessionFactoryImplementor sessionFactory) {
		Dialect dialect = sessionFactory.getJdbcServices().getDialect();
		// H2 keeps Java's UTF-16; the other drivers send UTF-8, where an unpaired surrogate becomes '?'
		this.utf16Text = dialect instanceof H2Dialect;
		this.temporals = new StoredTemporals(dialect, sessionFactory.getSessionFactoryOptions().getJdbcTimeZone());
		this.sessionFactory = sessionFactory;
		this.options = sessionFactory.getWrapperOptions();
		this.anyJson = sessionFactory.getTypeConfiguration().getJavaTypeRegistry().resolveDescriptor(Object.class);
	}

	/**
	 * Converts a value of a basic attribute or collection element to its stored form.
	 * @param part the attribute or element mapping
	 * @param value its Java value
	 * @param session the session the value is compared in, to look its column up if need be
	 * @return a value that equals another's stored form exactly when the database would store the same,
	 * {@code null} for {@code null}
	 */
	@Nullable Object of(BasicValuedModelPart part, @Nullable Object value, Session session) {
		if (value == null) {
			return null;
		}
		JdbcMapping mapping = part.getJdbcMapping();
		int code = mapping.getJdbcType().getDefaultSqlTypeCode();
		if (code == SqlTypes.JSON || code == SqlTypes.JSON_ARRAY) {
			return json(mapping, value);
		}
		Object relational = mapping.convertToRelationalValue(value);
		if (relational instanceof BigDecimal decimal) {
			OptionalInt scale = this.digits.of(part, session,
					(part.getScale() != null) ? OptionalInt.of(part.getScale()) : OptionalInt.empty());
			BigDecimal stored = (scale.isPresent() && decimal.scale() > scale.getAsInt())
					? decimal.setScale(scale.getAsInt(), RoundingMode.HALF_UP) : decimal;
			return stored.stripTrailingZeros();
		}
		if (relational instanceof String text) {
			return (this.utf16Text || !hasSurrogate(text)) ? text
					: new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
		}
		if (relational.getClass().isArray()) {
			return (relational instanceof byte[] bytes) ? ByteBuffer.wrap(bytes.clone()) : elements(relational);
		}
		if (relational instanceof Blob || relational instanceof Clob) {
			return content(part, relational);
		}
		if (StoredTemporals.isTemporal(relational)) {
			return this.temporals.of(bound(mapping, relational), code,
					this.digits.of(part, session, this.temporals.fallbackPrecision(part)));
		}
		return Compared.of(mapping.getJdbcJavaType(), relational);
	}

	/**
	 * A date or time as Hibernate binds it. A {@code LocalTime} goes to the driver as a
	 * {@code java.sql.Time}, whose milliseconds Hibernate rounds half up (to midnight, past the day's
	 * end): the database rounds that value to its column's digits, not the nanoseconds.
	 */
	private Object bound(JdbcMapping mapping, Object relational) {
		return (relational instanceof LocalTime time
				&& mapping.getJdbcType().getPreferredJavaTypeClass(this.options) == Time.class)
						? LocalTimeJavaType.INSTANCE.unwrap(time, Time.class, this.options) : relational;
	}

	/** An array by its elements, nested arrays likewise; works for arrays of primitives and with null elements. */
	private static List<@Nullable Object> elements(Object array) {
		int length = Array.getLength(array);
		List<@Nullable Object> elements = new ArrayList<>(length);
		for (int i = 0; i < length; i++) {
			Object element = Array.get(array, i);
			elements.add((element != null && element.getClass().isArray()) ? elements(element) : element);
		}
		return elements;
	}

	private static Object content(BasicValuedModelPart part, Object lob) {
		try {
			if (lob instanceof Blob blob) {
				return ByteBuffer.wrap(blob.getBytes(1, Math.toIntExact(blob.length())));
			}
			Clob clob = (Clob) lob;
			return clob.getSubString(1, Math.toIntExact(clob.length()));
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not read the large object of " + part.getNavigableRole().getFullPath()
					+ " to compare it with the stored row", ex);
		}
	}

	/**
	 * A JSON value as the JSON it is written as, read back as plain maps, lists and numbers by value:
	 * Jackson reads {@code 5L} back as an {@code Integer} and a {@code float} as a {@code Double}, and
	 * PostgreSQL's {@code jsonb} reorders keys, none of which changes the JSON.
	 */
	@SuppressWarnings("unchecked")
	private @Nullable Object json(JdbcMapping mapping, Object value) {
		// asked for only here: an application without JSON columns may have no JSON library, and then
		// Hibernate refuses to make a format mapper; one with JSON columns has the one they are written with
		FormatMapper json = this.sessionFactory.getSessionFactoryOptions().getJsonFormatMapper();
		String text = json.toString(value, (JavaType<Object>) mapping.getJavaTypeDescriptor(), this.options);
		return canonical(json.fromString(text, this.anyJson, this.options));
	}

	private static @Nullable Object canonical(@Nullable Object json) {
		if (json instanceof Map<?, ?> map) {
			Map<Object, @Nullable Object> canonical = new LinkedHashMap<>();
			map.forEach((key, value) -> canonical.put(key, canonical(value)));
			return canonical;
		}
		if (json instanceof List<?> list) {
			return list.stream().map(StoredValues::canonical).toList();
		}
		if (json instanceof Number number) {
			return new JsonNumber(new BigDecimal(number.toString()).stripTrailingZeros(),
					number instanceof Double || number instanceof Float);
		}
		return json;
	}

	/**
	 * A JSON number by value. A number read as a {@code double} is compared as one: PostgreSQL's
	 * {@code jsonb} keeps the digits written for {@code 4.8350773E19} as the integer
	 * {@code 48350773000000000000}, read back as a {@code BigInteger}, while the text read as a
	 * {@code double} prints as {@code 4.8350772999999996E19} on Java 17; both are the same
	 * {@code double}. Numbers read as integers or decimals on both sides are compared exactly, so that a
	 * {@code long} changed in its last digit stays a change.
	 */
	private record JsonNumber(BigDecimal exact, boolean floating) {

		@Override
		public boolean equals(Object other) {
			if (!(other instanceof JsonNumber number)) {
				return false;
			}
			return (this.floating || number.floating)
					? Double.compare(this.exact.doubleValue(), number.exact.doubleValue()) == 0
					: this.exact.equals(number.exact);
		}

		@Override
		public int hashCode() {
			return Double.hashCode(this.exact.doubleValue());
		}

		@Override
		public String toString() {
			return this.exact.toPlainString();
		}

	}

	private static boolean hasSurrogate(String text) {
		for (int i = 0; i < text.length(); i++) {
			if (Character.isSurrogate(text.charAt(i))) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A value compared as Hibernate's dirty check compares values of its type: for most types
	 * {@code equals()}, for serialized objects their bytes.
	 */
	private record Compared(JavaType<Object> type, Object value) {

		@SuppressWarnings("unchecked")
		static Compared of(JavaType<?> type, Object value) {
			return new Compared((JavaType<Object>) type, value);
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof Compared compared && this.type.getJavaTypeClass() == compared.type.getJavaTypeClass()
					&& this.type.areEqual(this.value, compared.value);
		}

		@Override
		public int hashCode() {
			return this.type.extractHashCode(this.value);
		}

	}

}
