package io.github.timesortedid.hibernate;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.AbstractClassJavaType;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;
import org.jspecify.annotations.Nullable;

/** Maps a {@link TypedId} type to a string column: its {@link TypedId#value()}. */
final class TypedIdJavaType<T extends TypedId> extends AbstractClassJavaType<T> {

	private static final long serialVersionUID = 1L;

	TypedIdJavaType(Class<T> type) {
		super(type);
	}

	@Override
	public JdbcType getRecommendedJdbcType(JdbcTypeIndicators indicators) {
		return indicators.getJdbcType(SqlTypes.VARCHAR);
	}

	@Override
	public T fromString(CharSequence text) {
		return TypedIds.of(getJavaTypeClass(), text.toString());
	}

	@Override
	public String toString(T value) {
		return value.value();
	}

	@Override
	@SuppressWarnings("unchecked")
	public <X> @Nullable X unwrap(@Nullable T value, Class<X> type, WrapperOptions options) {
		if (value == null) {
			return null;
		}
		if (type.isAssignableFrom(String.class)) {
			return (X) value.value();
		}
		if (type.isInstance(value)) {
			return (X) value;
		}
		throw unknownUnwrap(type);
	}

	@Override
	public <X> @Nullable T wrap(@Nullable X value, WrapperOptions options) {
		if (value == null) {
			return null;
		}
		if (value instanceof String text) {
			return fromString(text);
		}
		if (getJavaTypeClass().isInstance(value)) {
			return getJavaTypeClass().cast(value);
		}
		throw unknownWrap(value.getClass());
	}

}
