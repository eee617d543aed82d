package io.github.timesortedid.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.partitioning.PartitionRules;
import io.github.timesortedid.schema.SchemaCheck;
import org.jspecify.annotations.Nullable;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.jdbc.core.dialect.JdbcH2Dialect;
import org.springframework.data.jdbc.core.dialect.JdbcPostgresDialect;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.jdbc.core.mapping.schema.DefaultSqlTypeMapping;
import org.springframework.data.jdbc.core.mapping.schema.SqlTypeMapping;
import org.springframework.data.relational.core.conversion.AbstractRelationalConverter;
import org.springframework.data.relational.core.conversion.RelationalConverter;
import org.springframework.data.relational.core.mapping.AggregatePath;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.sql.IdentifierProcessing;
import org.springframework.data.relational.core.sql.SqlIdentifier;
import org.springframework.util.ClassUtils;

/**
 * The {@code CREATE TABLE} statements of an aggregate as Spring Data JDBC maps it: the root's table
 * and the table of each entity it holds, their columns named by the mapping (naming strategy,
 * {@code @Column}, {@code @MappedCollection}, embedded prefixes), back references and keys included.
 * A column that holds IDs of a {@code @TimeSortedId} attribute (its own, a back reference to it, an
 * {@code AggregateReference} to it, a typed ID of the class it makes) gets the type the schema check
 * wants ({@link SchemaCheck#columnType}), or in a partitioned aggregate's tables the partition key's
 * ({@link Key}); the others get the type of a {@link SqlTypeMapping}: the
 * application's first, then this class's per database (of the type Spring Data JDBC writes a value
 * as: what the application's own writing converter makes of it, a {@code ZonedDateTime} as text), then
 * Spring Data JDBC's
 * {@link DefaultSqlTypeMapping}, whose types are not every database's (a {@code VARCHAR(255 BYTE)}).
 * A held table of an entity without an {@code @Id} has the primary key of its back reference and
 * keys where Spring Data JDBC writes one row for them (an element of a list or a map, an entity held
 * alone), and none where a set lies between (a set's elements have no key). A held table whose
 * primary key does not start with the columns its rows are loaded by gets an index on them.
 */
final class AggregateDdl {

	private final AggregateIds aggregates;

	private final DatabaseKind database;

	private final SqlTypeMapping types;

	/** How Spring Data JDBC writes names on the database: quoted, and in its letter case (H2: upper). */
	private final IdentifierProcessing names;

	/** The partition key of a partitioned aggregate's tables, if its columns take a type of their own. */
	private final @Nullable Key key;

	/**
	 * The statements of one database, for tables of one piece.
	 * @param types the application's types, tried first, or {@code null}
	 */
	AggregateDdl(AggregateIds aggregates, DatabaseKind database, @Nullable SqlTypeMapping types) {
		this(aggregates, database, types, null);
	}

	/**
	 * The statements of one database.
	 * @param types the application's types, tried first, or {@code null}
	 * @param key the type of the columns that hold a partitioned aggregate's key, or {@code null}
	 */
	AggregateDdl(AggregateIds aggregates, DatabaseKind database, @Nullable SqlTypeMapping types, @Nullable Key key) {
		this.aggregates = aggregates;
		this.database = database;
		this.key = key;
		SqlTypeMapping known = this::typeOf;
		SqlTypeMapping ours = known.and(new DefaultSqlTypeMapping());
		this.types = (types != null) ? types.and(ours) : ours;
		this.names = switch (database) {
			case H2 -> JdbcH2Dialect.INSTANCE.getIdentifierProcessing();
			case POSTGRESQL -> JdbcPostgresDialect.INSTANCE.getIdentifierProcessing();
			// as Spring Data JDBC's dialect resolver reads MariaDB's and MySQL's driver: back quotes, case kept
			case MARIADB, MYSQL -> IdentifierProcessing.create(new IdentifierProcessing.Quoting("`"),
					IdentifierProcessing.LetterCasing.AS_IS);
			case OTHER -> IdentifierProcessing.ANSI;
		};
	}

	/**
	 * A table: its name as the mapping has it, as SQL writes it, its columns' definitions, its primary
	 * key, the column that refers to the root, and the columns by which Spring Data JDBC loads its rows
	 * with the entity that holds them (the back references and the keys of the entities between).
	 */
	record Table(String name, String sql, List<String> columns, List<String> primaryKey, @Nullable String backReference,
			List<SqlIdentifier> loadedBy) {
	}

	/**
	 * The columns that hold the key of a partitioned aggregate's tables (the root's ID, each held
	 * table's back reference to it) and the type they take instead of the schema check's.
	 * @param field the root's ID attribute
	 * @param type the columns' type, with its collation
	 */
	record Key(IdField field, String type) {
	}

	/**
	 * The tables of an aggregate, the root's first.
	 * @param root the aggregate root
	 */
	List<Table> tables(RelationalPersistentEntity<?> root) {
		RelationalMappingContext context = (RelationalMappingContext) this.aggregates.converter().getMappingContext();
		List<Table> tables = new ArrayList<>();
		table(context.getAggregatePath(root), tables);
		return tables;
	}

	/**
	 * The statements that make the tables, each ended by the clause a table's name has, if any.
	 * @param root the aggregate root
	 * @param clauses the clause by table name (partitioned tables)
	 */
	List<String> statements(RelationalPersistentEntity<?> root, Map<String, String> clauses) {
		List<Table> tables = tables(root);
		List<String> statements = new ArrayList<>();
		tables.forEach(table -> statements.add(create(table, clauses.get(table.name()))));
		tables.forEach(table -> statements.addAll(index(table, clauses.get(table.name()))));
		return statements;
	}

	/**
	 * The statements as a script: a comment that names the tables, then one statement after another,
	 * each ended by a semicolon, as Flyway reads it.
	 * @param root the aggregate root
	 */
	String script(RelationalPersistentEntity<?> root) {
		List<Table> tables = tables(root);
		StringBuilder script = new StringBuilder("-- ").append(this.database).append(": the tables of ")
			.append(root.getType().getSimpleName()).append(" (")
			.append(String.join(", ", tables.stream().map(Table::name).toList())).append(")\n");
		statements(root, Map.of()).forEach(statement -> script.append(statement).append(";\n"));
		return script.toString();
	}

	private String create(Table table, @Nullable String clause) {
		List<String> key = primaryKey(table, clause);
		List<String> lines = new ArrayList<>(table.columns());
		if (!key.isEmpty()) {
			lines.add("primary key (" + String.join(", ", key) + ")");
		}
		return "create table " + table.sql() + " (\n  " + String.join(",\n  ", lines) + "\n)"
				+ ((clause != null) ? " " + clause : "");
	}

	private List<String> primaryKey(Table table, @Nullable String clause) {
		List<String> key = new ArrayList<>(table.primaryKey());
		if (clause != null && !key.isEmpty() && table.backReference() != null && !key.contains(table.backReference())) {
			// a partitioned table's unique keys hold its partitioning column (PostgreSQL, MariaDB)
			key.add(0, table.backReference());
		}
		return key;
	}

	/**
	 * The index on the columns by which Spring Data JDBC loads a held entity's rows with their holder
	 * ({@code WHERE "inspection"."rental" = ?}), unless the primary key starts with them: without it,
	 * each load of an aggregate reads the whole table (or the whole partition) of a set, or of a list
	 * whose entities have IDs of their own. On a partitioned table, PostgreSQL gives each partition the
	 * index of the partitioned table, those attached later too
	 * (https://www.postgresql.org/docs/current/sql-createindex.html); MariaDB's indexes are each
	 * partition's anyway.
	 */
	private List<String> index(Table table, @Nullable String clause) {
		if (table.loadedBy().isEmpty()) {
			return List.of();
		}
		List<String> columns = table.loadedBy().stream().map(this::sql).toList();
		List<String> key = primaryKey(table, clause);
		if (key.size() >= columns.size() && key.subList(0, columns.size()).equals(columns)) {
			return List.of();
		}
		String index = this.names.quote(this.names.standardizeLetterCase(
				indexName(table.name(), table.loadedBy().stream().map(SqlIdentifier::getReference).toList())));
		return List.of("create index " + index + " on " + table.sql() + " (" + String.join(", ", columns) + ")");
	}

	/**
	 * The name of an index: {@code <table>_<columns>_idx}, or, where that is longer than PostgreSQL
	 * keeps (it would cut it; MariaDB refuses it), its start, a hash of the whole and {@code _idx}, so
	 * that the same tables always get the same name and two long ones rarely clash.
	 */
	static String indexName(String table, List<String> columns) {
		String name = table + "_" + String.join("_", columns) + "_idx";
		if (name.length() <= PartitionRules.LONGEST_NAME) {
			return name;
		}
		String hash = String.format(Locale.ROOT, "%08x", name.hashCode());
		return name.substring(0, PartitionRules.LONGEST_NAME - hash.length() - "__idx".length()) + "_" + hash + "_idx";
	}

	private void table(AggregatePath path, List<Table> tables) {
		RelationalPersistentEntity<?> entity = path.getRequiredLeafEntity();
		List<String> columns = new ArrayList<>();
		List<String> key = new ArrayList<>();
		String backReference = null;
		List<SqlIdentifier> loadedBy = new ArrayList<>();
		int index = tables.size();
		tables.add(null); // this table before the tables of the entities it holds
		if (!path.isRoot()) {
			List<String> references = new ArrayList<>();
			path.getTableInfo().backReferenceColumnInfos().forEach((parent, column) -> {
				references.add(sql(column.name()));
				loadedBy.add(column.name());
				columns.add(sql(column.name()) + " " + type(parent.getRequiredLeafProperty()) + " not null");
			});
			backReference = references.get(0);
			// the keys of this entity's collection and of those between it and the entity it refers to (an
			// entity held by a held one without an @Id: delivery.journey_key, the stop's index), which
			// Spring Data JDBC writes with the back reference, the outermost first
			List<AggregatePath> qualified = new ArrayList<>();
			AggregatePath referred = path.getIdDefiningParentPath();
			// one row per back reference and keys, unless a set lies between (its elements have no key)
			boolean onePerKey = !entity.hasIdProperty();
			for (AggregatePath above = path; !above.equals(referred); above = above.getParentPath()) {
				if (above.isQualified()) {
					qualified.add(0, above);
				}
				else if (above.isMultiValued()) {
					onePerKey = false;
				}
			}
			for (AggregatePath above : qualified) {
				AggregatePath.TableInfo keyed = above.getTableInfo();
				String qualifier = sql(keyed.getRequiredQualifierColumnInfo().name());
				columns.add(qualifier + " " + keyType(keyed.getRequiredQualifierColumnType()) + " not null");
				references.add(qualifier);
				if (!above.equals(path)) {
					loadedBy.add(keyed.getRequiredQualifierColumnInfo().name());
				}
			}
			if (onePerKey) {
				key.addAll(references);
			}
		}
		columns(path, entity, columns, key, tables);
		tables.set(index, new Table(entity.getTableName().getReference(), sql(entity.getTableName()), List.copyOf(columns),
				List.copyOf(key), backReference, List.copyOf(loadedBy)));
	}

	private void columns(AggregatePath owner, RelationalPersistentEntity<?> entity, List<String> columns, List<String> key,
			List<Table> tables) {
		for (RelationalPersistentProperty property : entity) {
			AggregatePath path = owner.append(property);
			if (property.isEmbedded()) {
				columns(path, path.getRequiredLeafEntity(), columns, key, tables);
			}
			else if (property.isEntity() && !AggregateReference.class.isAssignableFrom(property.getType())) {
				table(path, tables);
			}
			else {
				String name = sql(path.getColumnInfo().name());
				boolean id = property.isIdProperty() && !owner.isEmbedded();
				if (id) {
					key.add(name);
				}
				boolean notNull = id || !this.types.isNullable(property);
				columns.add(name + " " + type(property) + (notNull ? " not null" : ""));
			}
		}
	}

	/** A name as Spring Data JDBC writes it in its statements, so that the table has the names they use. */
	private String sql(SqlIdentifier name) {
		return name.toSql(this.names);
	}

	/** The type of a column: the IDs' it holds, else the mapping's. */
	private String type(RelationalPersistentProperty property) {
		IdField field = this.aggregates.fieldOf(property);
		if (this.key != null && field == this.key.field() && property.isIdProperty()) {
			// the root's ID, in its table or in a held table's back reference: the partition key
			return this.key.type();
		}
		if (field == null) {
			field = this.aggregates.referenced(property);
		}
		if (field != null) {
			return SchemaCheck.columnType(field, this.database);
		}
		String type = this.types.getColumnType(property);
		if (type == null || type.isEmpty()) {
			throw new IllegalArgumentException(property.getOwner().getType().getSimpleName() + "." + property.getName()
					+ " is a " + property.getActualType().getName() + ", for which no column type is known on "
					+ this.database + "; give the DDL a SqlTypeMapping that names one.");
		}
		return type;
	}

	private String keyType(Class<?> type) {
		String known = typeOf(type);
		return (known != null) ? known : new DefaultSqlTypeMapping().getColumnType(type);
	}

	/**
	 * The type of a property's column: of the type Spring Data JDBC writes its value as, if this class
	 * knows it, else of its own. That is the type the application's own writing converter makes of it
	 * (a value type written as text), else the one Spring Data JDBC converts it to
	 * ({@link JdbcConverter#getColumnType}: a {@code ZonedDateTime} is written as its text); a
	 * {@code java.time} value it binds as a {@code Timestamp} keeps the type of its own.
	 */
	private @Nullable String typeOf(RelationalPersistentProperty property) {
		Class<?> declared = property.getActualType();
		if (TypedId.class.isAssignableFrom(declared)) {
			// a typed ID that no registered attribute makes (a value, another service's ID): its converter
			// writes its text, as long as the algorithm of whoever makes it says
			return "varchar(255)" + this.database.byteCollation();
		}
		RelationalConverter converter = this.aggregates.converter();
		Class<?> written = (converter instanceof AbstractRelationalConverter relational)
				? relational.getConversions().getCustomWriteTarget(declared).orElse(null) : null;
		if (written == null && !property.isCollectionLike() && converter instanceof JdbcConverter jdbc) {
			written = jdbc.getColumnType(property);
		}
		String type = (written != null) ? typeOf(written) : null;
		return (type != null) ? type : typeOf(declared);
	}

	/**
	 * The type of a value of a Java type that Spring Data JDBC writes as is (or an enum, as its name),
	 * as the database spells it; {@code null} for another.
	 */
	private @Nullable String typeOf(Class<?> declared) {
		Class<?> type = ClassUtils.resolvePrimitiveIfNecessary(declared);
		boolean mariaDb = this.database.isMySqlFamily();
		if (type == String.class || type.isEnum()) {
			return "varchar(255)";
		}
		if (type == Boolean.class) {
			return "boolean";
		}
		if (type == Integer.class || type == Short.class || type == Byte.class) {
			return (type == Integer.class) ? "integer" : "smallint";
		}
		if (type == Long.class || type == BigInteger.class) {
			return "bigint";
		}
		if (type == Double.class || type == Float.class) {
			return (type == Double.class) ? "double precision" : "real";
		}
		if (type == BigDecimal.class) {
			return "numeric(38,2)";
		}
		if (type == Instant.class || type == OffsetDateTime.class) {
			return mariaDb ? "datetime(6)" : "timestamp(6) with time zone";
		}
		if (type == LocalDateTime.class) {
			return mariaDb ? "datetime(6)" : "timestamp(6)";
		}
		if (type == LocalDate.class) {
			return "date";
		}
		if (type == LocalTime.class) {
			return "time(6)";
		}
		if (type == UUID.class) {
			return this.database.uuidColumn();
		}
		if (type == byte[].class) {
			return (this.database == DatabaseKind.POSTGRESQL) ? "bytea" : mariaDb ? "blob" : "varbinary";
		}
		return null;
	}

}
