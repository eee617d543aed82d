package io.github.timesortedid.hibernate;

import java.util.UUID;

import io.github.timesortedid.id.BinaryIdFormat;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.BasicJavaType;
import org.hibernate.type.descriptor.java.AbstractClassJavaType;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;
import org.jspecify.annotations.Nullable;

/**
 * The Java type of one attribute stored as binary: its own type ({@code String} or a typed ID),
 * which also turns its values into the stored {@link UUID} or bytes and back: for each value the
 * column type ({@link BinaryIdJdbcType}) binds or reads, and element by element where Hibernate
 * sends many IDs as one SQL array ({@code id = any(?)} on PostgreSQL, for {@code findMultiple} and
 * batch fetching), in the class the column type prefers
 * ({@link BinaryIdJdbcType#getPreferredJavaTypeClass}). Everything else is the attribute's own
 * Java type's.
 *
 * @param <T> the attribute's Java type
 */
final class BinaryIdJavaType<T> extends AbstractClassJavaType<T> {

	private static final long serialVersionUID = 1L;

	private final BasicJavaType<T> own;

	private final BinaryIdFormat binary;

	BinaryIdJavaType(BasicJavaType<T> own, BinaryIdFormat binary) {
		super(own.getJavaTypeClass(), own.getMutabilityPlan());
		this.own = own;
		this.binary = binary;
	}

	@Override
	public JdbcType getRecommendedJdbcType(JdbcTypeIndicators indicators) {
		return this.own.getRecommendedJdbcType(indicators);
	}

	@Override
	public T fromString(CharSequence text) {
		return this.own.fromString(text);
	}

	@Override
	public String toString(T value) {
		return this.own.toString(value);
	}

	@Override
	@SuppressWarnings("unchecked")
	public <X> @Nullable X unwrap(@Nullable T value, Class<X> type, WrapperOptions options) {
		if (value != null && type == UUID.class) {
			return (X) this.binary.toUuid(this.own.unwrap(value, String.class, options));
		}
		if (value != null && type == byte[].class) {
			return (X) this.binary.toBytes(this.own.unwrap(value, String.class, options));
		}
		return this.own.unwrap(value, type, options);
	}

	@Override
	public <X> @Nullable T wrap(@Nullable X value, WrapperOptions options) {
		if (value instanceof UUID uuid) {
			return this.own.wrap(this.binary.fromUuid(uuid), options);
		}
		if (value instanceof byte[] bytes) {
			return this.own.wrap(this.binary.fromBytes(bytes), options);
		}
		return this.own.wrap(value, options);
	}

}
