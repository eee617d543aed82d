package io.github.timesortedid.jdbc;

import java.sql.JDBCType;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.mapping.JdbcValue;
import org.springframework.data.relational.core.dialect.H2Dialect;
import org.springframework.data.relational.core.dialect.MariaDbDialect;
import org.springframework.data.relational.core.dialect.MySqlDialect;
import org.springframework.data.relational.core.dialect.PostgresDialect;

/**
 * The converters that let Spring Data JDBC keep typed IDs in the columns of their IDs: a typed ID is
 * written as its text, or for binary storage as the body's bits ({@code uuid}, {@code bytea},
 * {@code binary(N)}), and read back through its constructor. Registered in Spring Data JDBC's custom
 * conversions, they make a typed ID a simple value (a column, not an entity of its own) for
 * attributes, {@code AggregateReference} targets, and the parameters of derived and {@code @Query}
 * methods.
 * <p>
 * Spring Data JDBC converts by type, not per property (spring-data-relational#1602), so a typed ID
 * class is stored one way in every column: the way of the attributes whose type it is, which the
 * registry knows once the aggregates are registered: a prefix names one attribute.
 */
public final class TypedIdJdbcConverters {

	private TypedIdJdbcConverters() {
	}

	/**
	 * Makes the converters of some typed ID classes.
	 * @param typedIds classes that implement {@link TypedId}
	 * @param registry the registry whose attributes say how each class is stored
	 * @param dialect Spring Data JDBC's dialect of the database, which says how binary values are bound
	 * @return one converter per class, which writes it as its stored form and reads it back
	 */
	public static List<GenericConverter> of(Collection<Class<? extends TypedId>> typedIds, TimeSortedIdRegistry registry,
			JdbcDialect dialect) {
		DatabaseKind database = databaseOf(dialect);
		return typedIds.stream().<GenericConverter>map(type -> new StoredFormConverter(type, registry, database)).toList();
	}

	/** The database of a dialect, by the relational dialects Spring Data JDBC's own extend. */
	static DatabaseKind databaseOf(JdbcDialect dialect) {
		if (dialect instanceof PostgresDialect) {
			return DatabaseKind.POSTGRESQL;
		}
		if (dialect instanceof H2Dialect) {
			return DatabaseKind.H2;
		}
		if (dialect instanceof MariaDbDialect) {
			return DatabaseKind.MARIADB;
		}
		return (dialect instanceof MySqlDialect) ? DatabaseKind.MYSQL : DatabaseKind.OTHER;
	}

	/**
	 * The binary form of a typed ID class's attributes, or {@code null} when they are stored as text
	 * (or none is registered yet: text is what the class held before binary storage existed).
	 */
	static @Nullable BinaryIdFormat binaryOf(Class<?> type, TimeSortedIdRegistry registry) {
		IdField maker = makerOf(type, registry);
		return (maker != null) ? maker.binary() : null;
	}

	/**
	 * The attribute that makes the IDs of a typed ID class, whichever integration registered it (a
	 * JPA entity's in an application with both), or {@code null} if none is registered (yet).
	 */
	static @Nullable IdField makerOf(Class<?> type, TimeSortedIdRegistry registry) {
		// a prefix names one attribute, so a typed ID class is the type of one attribute
		return registry.withPrefix(TypedIds.prefixOf(type)).orElse(null);
	}

	/** One typed ID class to its stored form and back. */
	private record StoredFormConverter(Class<? extends TypedId> type, TimeSortedIdRegistry registry,
			DatabaseKind database) implements GenericConverter {

		@Override
		public Set<ConvertiblePair> getConvertibleTypes() {
			// written to Object, not to JdbcValue: Spring Data JDBC then asks for a JdbcValue, which this gives with
			// the column's binding, while a value it read from the column and binds again passes as it is
			return Set.of(new ConvertiblePair(this.type, Object.class), new ConvertiblePair(String.class, this.type),
					new ConvertiblePair(UUID.class, this.type), new ConvertiblePair(byte[].class, this.type));
		}

		@Override
		public @Nullable Object convert(@Nullable Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
			if (source == null) {
				return null;
			}
			BinaryIdFormat binary = binaryOf(this.type, this.registry);
			if (source instanceof TypedId id) {
				return write(id.value(), binary);
			}
			return TypedIds.of(this.type, read(source, binary));
		}

		/**
		 * Binds a value as the column holds it: the database's {@code uuid} takes a UUID (MariaDB's
		 * its canonical text, as its driver has no UUID binding), other binary columns the bytes.
		 */
		private JdbcValue write(String id, @Nullable BinaryIdFormat binary) {
			if (binary == null) {
				return JdbcValue.of(id, JDBCType.VARCHAR);
			}
			if (ColumnFamily.ofBinary(binary, this.database) == ColumnFamily.UUID && this.database != DatabaseKind.MYSQL) {
				UUID uuid = binary.toUuid(id);
				return (this.database == DatabaseKind.MARIADB) ? JdbcValue.of(uuid.toString(), JDBCType.VARCHAR)
						: JdbcValue.of(uuid, JDBCType.OTHER);
			}
			return JdbcValue.of(binary.toBytes(id), JDBCType.BINARY);
		}

		private String read(Object stored, @Nullable BinaryIdFormat binary) {
			if (binary == null) {
				return (String) stored;
			}
			if (stored instanceof UUID uuid) {
				return binary.fromUuid(uuid);
			}
			if (stored instanceof byte[] bytes) {
				return binary.fromBytes(bytes);
			}
			// MariaDB's driver reads its uuid type as the canonical text
			return binary.fromUuid(UUID.fromString((String) stored));
		}

	}

}
