package io.github.timesortedid.hibernate;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

import org.hibernate.dialect.Dialect;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.ValueBinder;
import org.hibernate.type.descriptor.ValueExtractor;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.descriptor.java.PrimitiveByteArrayJavaType;
import org.hibernate.type.descriptor.java.UUIDJavaType;
import org.hibernate.type.descriptor.jdbc.JdbcLiteralFormatter;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.jspecify.annotations.Nullable;

/**
 * The column type of an attribute stored as binary: the database's own {@code uuid} or binary
 * type, to which it hands the body's bytes. The attribute's Java type ({@code String}, or a typed
 * ID) stays what the application, queries and parameters use; values become {@link UUID}s or
 * byte arrays only on their way to and from JDBC, converted and checked by the attribute's
 * {@link BinaryIdJavaType} (an ID of another prefix or a malformed one is an
 * {@link io.github.timesortedid.id.InvalidIdException} rather than a row that cannot match). This
 * type only routes them through the database's type, with that type's own Java type, so that a
 * database whose {@code uuid} travels as text (MariaDB) gets the UUID's text, not the ID's.
 */
final class BinaryIdJdbcType implements JdbcType {

	private static final long serialVersionUID = 1L;

	private final JdbcType stored;

	private final JavaType<Object> storedJava;

	@SuppressWarnings("unchecked")
	BinaryIdJdbcType(JdbcType stored) {
		this.stored = stored;
		this.storedJava = (JavaType<Object>) (JavaType<?>) ((stored.getDefaultSqlTypeCode() == SqlTypes.UUID)
				? UUIDJavaType.INSTANCE : PrimitiveByteArrayJavaType.INSTANCE);
	}

	private @Nullable Object toStored(@Nullable Object value, JavaType<?> javaType, WrapperOptions options) {
		@SuppressWarnings("unchecked")
		JavaType<Object> attribute = (JavaType<Object>) javaType;
		return (value != null) ? attribute.unwrap(value, this.storedJava.getJavaTypeClass(), options) : null;
	}

	private <X> @Nullable X fromStored(@Nullable Object value, JavaType<X> javaType, WrapperOptions options) {
		return (value != null) ? javaType.wrap(value, options) : null;
	}

	/**
	 * What the attribute's {@link BinaryIdJavaType} unwraps a value to, here and for an SQL array of
	 * IDs: a {@link UUID} or a byte array.
	 */
	@Override
	public Class<?> getPreferredJavaTypeClass(WrapperOptions options) {
		return this.storedJava.getJavaTypeClass();
	}

	/**
	 * The stored type's own code ({@code UUID}, {@code BINARY}), not the code it travels as: MariaDB's
	 * {@code uuid} travels as {@code VARCHAR}, and Hibernate takes expressions of one code as
	 * comparable, so a string literal compared with a binary ID ({@code where p.id = 'post_…'})
	 * passed its type check there and went to the database as the prefixed text, which matches no
	 * row. Such a comparison now fails in HQL's type check on every database, as on PostgreSQL and
	 * H2: Hibernate converts literals only through an attribute converter, never through a type.
	 */
	@Override
	public int getJdbcTypeCode() {
		return this.stored.getDefaultSqlTypeCode();
	}

	@Override
	public int getDefaultSqlTypeCode() {
		return this.stored.getDefaultSqlTypeCode();
	}

	@Override
	public int getDdlTypeCode() {
		return this.stored.getDdlTypeCode();
	}

	@Override
	public String getFriendlyName() {
		return this.stored.getFriendlyName();
	}

	@Override
	public boolean isComparable() {
		return this.stored.isComparable();
	}

	@Override
	public boolean isWriteExpressionTyped(Dialect dialect) {
		return this.stored.isWriteExpressionTyped(dialect);
	}

	@Override
	public void registerOutParameter(CallableStatement statement, String name) throws SQLException {
		this.stored.registerOutParameter(statement, name);
	}

	@Override
	public void registerOutParameter(CallableStatement statement, int index) throws SQLException {
		this.stored.registerOutParameter(statement, index);
	}

	@Override
	public <T> JdbcLiteralFormatter<T> getJdbcLiteralFormatter(JavaType<T> javaType) {
		JdbcLiteralFormatter<Object> literal = this.stored.getJdbcLiteralFormatter(this.storedJava);
		return (appender, value, dialect, options) -> literal.appendJdbcLiteral(appender,
				toStored(value, javaType, options), dialect, options);
	}

	@Override
	public <X> ValueBinder<X> getBinder(JavaType<X> javaType) {
		ValueBinder<Object> delegate = this.stored.getBinder(this.storedJava);
		return new ValueBinder<>() {

			@Override
			public void bind(PreparedStatement statement, X value, int index, WrapperOptions options) throws SQLException {
				delegate.bind(statement, toStored(value, javaType, options), index, options);
			}

			@Override
			public void bind(CallableStatement statement, X value, String name, WrapperOptions options)
					throws SQLException {
				delegate.bind(statement, toStored(value, javaType, options), name, options);
			}

			@Override
			public Object getBindValue(X value, WrapperOptions options) throws SQLException {
				return delegate.getBindValue(toStored(value, javaType, options), options);
			}

		};
	}

	@Override
	public <X> ValueExtractor<X> getExtractor(JavaType<X> javaType) {
		ValueExtractor<Object> delegate = this.stored.getExtractor(this.storedJava);
		return new ValueExtractor<>() {

			@Override
			public @Nullable X extract(ResultSet rs, int index, WrapperOptions options) throws SQLException {
				return fromStored(delegate.extract(rs, index, options), javaType, options);
			}

			@Override
			public @Nullable X extract(CallableStatement statement, int index, WrapperOptions options) throws SQLException {
				return fromStored(delegate.extract(statement, index, options), javaType, options);
			}

			@Override
			public @Nullable X extract(CallableStatement statement, String name, WrapperOptions options)
					throws SQLException {
				return fromStored(delegate.extract(statement, name, options), javaType, options);
			}

		};
	}

	@Override
	public String toString() {
		return "BinaryIdJdbcType(" + this.stored + ")";
	}

}
