package io.github.timesortedid.hibernate;

import java.util.List;

import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.hibernate.boot.Metadata;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.mapping.BasicValue;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.Table;
import org.hibernate.type.MappingContext;
import org.hibernate.type.SqlTypes;

/**
 * Gives text ID columns the DDL their IDs need, before Hibernate writes the schema: the exact
 * length (prefix, separator and body) instead of the default 255, and a collation that compares
 * and sorts bytes, so that string order is creation order and case-sensitive bodies never compare
 * equal: {@code COLLATE "C"} on PostgreSQL, {@code CHARACTER SET ascii COLLATE ascii_bin} on
 * MySQL and MariaDB (whose default collations fold case). H2 compares bytes already. A column
 * with a {@code columnDefinition} is the application's and is left alone. A {@code UUID} attribute
 * of a non-RFC algorithm (ULID) in MariaDB's {@code uuid} type, which would reject its values,
 * stops startup.
 */
final class ColumnShaper {

	static final String POSTGRESQL_COLLATION = "C";

	static final String MYSQL_COLLATION = "ascii_bin";

	private static final long JPA_DEFAULT_LENGTH = 255;

	private ColumnShaper() {
	}

	static void shape(Column column, IdField field, Dialect dialect, MappingContext mapping, String table) {
		if (field.valueType().column() == ColumnFamily.UUID && !ColumnFamily.uuidTypeAccepts(field.format().algorithm(), Databases.of(dialect))
				&& column.getSqlTypeCode(mapping) == SqlTypes.UUID) {
			throw new TimeSortedIdConfigurationException(field.describe() + " (table '" + table + "', column '"
					+ column.getName() + "') stores "
					+ field.format().algorithm().name() + " values in MariaDB's uuid type, which rejects them: they do not "
					+ "carry the version and variant bits of RFC 9562.",
					"Store the attribute as binary(16) with @JdbcTypeCode(SqlTypes.BINARY), use uuidv7 for UUID "
							+ "attributes, or make the attribute a String.");
		}
		if (!field.valueType().isText() || field.binary() != null || column.getSqlType() != null) {
			return;
		}
		long length = field.format().length();
		if (column.getLength() == null || column.getLength() == JPA_DEFAULT_LENGTH) {
			setLength(column, length, dialect, mapping);
		}
		if (dialect instanceof PostgreSQLDialect) {
			column.setCollation(POSTGRESQL_COLLATION);
		}
		else if (dialect instanceof MySQLDialect) {
			column.setSqlType("varchar(" + column.getLength() + ") character set ascii");
			column.setCollation(MYSQL_COLLATION);
		}
	}

	/**
	 * Copies the shape of a referenced ID column onto a foreign key column, which must match it. A
	 * key stored as binary gives its DDL type too: the association of a {@code @ManyToMany} join
	 * column keeps the key's type from before it was stored as binary (see {@link BinaryIdValues}).
	 */
	static void copy(Column from, Column to, Dialect dialect, MappingContext mapping) {
		if (to.getSqlType() != null && from.getSqlType() == null) {
			return;
		}
		if (from.getValue() instanceof BasicValue value && value.getResolution() != null
				&& value.getResolution().getJdbcType() instanceof BinaryIdJdbcType && from.getSqlType() == null) {
			from.getSqlType((Metadata) mapping);
		}
		if (from.getLength() != null) {
			setLength(to, from.getLength(), dialect, mapping);
		}
		to.setSqlType(from.getSqlType());
		to.setCollation(from.getCollation());
	}

	/**
	 * The columns that stand for a foreign key's column: itself, and the table's column of its name
	 * where that is another object, which is the one the DDL writes. A key derived through
	 * {@code @MapsId} or an {@code @IdClass} of {@code @Id} associations has both: the association's
	 * column, which the foreign key holds, and the identifier's, which the table holds.
	 */
	static List<Column> foreignKeyColumns(Table table, Column column) {
		Column held = table.getColumn(column);
		return (held == null || held == column) ? List.of(column) : List.of(column, held);
	}

	/**
	 * Sets a column's length, and the size Hibernate may already have worked out from the old one:
	 * Hibernate 7.4 sizes the inverse join column of a {@code @ManyToMany} table before integrators
	 * run and keeps that size for the DDL, so a new length alone would still give
	 * {@code varchar(255)}.
	 */
	private static void setLength(Column column, long length, Dialect dialect, MappingContext mapping) {
		column.setLength(length);
		column.getColumnSize(dialect, mapping).setLength(length);
	}

}
