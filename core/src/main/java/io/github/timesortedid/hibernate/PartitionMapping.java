package io.github.timesortedid.hibernate;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.MappedNames;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionDialect;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionRules;
import io.github.timesortedid.partitioning.PartitionSettings;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.model.relational.InitCommand;
import org.hibernate.boot.model.relational.SqlStringGenerationContext;
import org.hibernate.dialect.Dialect;
import org.hibernate.mapping.Collection;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.ForeignKey;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Table;
import org.hibernate.mapping.UnionSubclass;
import org.jspecify.annotations.Nullable;

/**
 * Applies {@code time-sorted-id.partitions.*} to the mapping before Hibernate writes the schema:
 * checks that each named entity can be partitioned by its ID, finds the tables that depend on its
 * table, and gives them the clause that partitions them and the statement that makes their default
 * partition, so that {@code ddl-auto} creates them partitioned. On MariaDB, whose InnoDB refuses
 * foreign keys on partitioned tables, the foreign keys from and to them are not created.
 */
final class PartitionMapping {

	private static final Logger logger = System.getLogger(PartitionMapping.class.getName());

	/** The name the registry knows this integration by. */
	static final String INTEGRATION = "Hibernate";

	private PartitionMapping() {
	}

	static @Nullable PartitionMaintenance apply(Metadata metadata, Dialect dialect, TimeSortedIdRegistry registry) {
		Map<String, PartitionSettings> requested = registry.partitionsToApply(INTEGRATION);
		if (requested.isEmpty()) {
			return null;
		}
		// the entities this mapping has; the registry fails for a name no integration maps
		Map<String, PartitionSettings> configured = new LinkedHashMap<>();
		Map<Table, PersistentClass> entities = new LinkedHashMap<>();
		requested.forEach((name, settings) -> {
			PersistentClass entity = entity(metadata, name, registry);
			if (entity != null) {
				configured.put(name, settings);
				entities.put(entity.getTable(), entity);
			}
		});
		registry.partitionsApplied(INTEGRATION, names(metadata, registry), configured.keySet());
		if (configured.isEmpty()) {
			return null;
		}
		PartitionDialect partitions = PartitionRules.dialect(Databases.of(dialect), dialect.getClass().getSimpleName(),
				configured.keySet());
		List<PartitionedTable> tables = new ArrayList<>();
		List<Table> taken = new ArrayList<>(entities.keySet());
		configured.forEach((name, settings) -> {
			PersistentClass entity = Objects.requireNonNull(entity(metadata, name, registry));
			IdField field = registry.identifierOf(entity.getMappedClass()).orElseThrow();
			PartitionRules.checkKey(name, field);
			Table table = entity.getTable();
			Column id = entity.getIdentifier().getColumns().get(0);
			List<PartitionedTable.Part> parts = new ArrayList<>();
			parts.add(part(table, id, name));
			for (Map.Entry<Table, Column> dependent : dependents(metadata, entity, taken).entrySet()) {
				parts.add(part(dependent.getKey(), dependent.getValue(), name));
				taken.add(dependent.getKey());
			}
			if (partitions == null) {
				return; // checked as on any database; H2 has nothing more to do
			}
			ColumnFamily family = field.column(Databases.of(dialect));
			PartitionedTable partitioned = PartitionRules.table(name, partitions, field, family, settings, parts);
			declare(metadata, partitions, parts);
			String keyType = partitions.keyType(family);
			if (keyType != null && id.getSqlType() == null) {
				retype(metadata, table, id, keyType);
			}
			tables.add(partitioned);
		});
		if (partitions != null && !partitions.keepsForeignKeys()) {
			withoutForeignKeys(metadata, tables);
		}
		return PartitionRules.maintenance(partitions, tables, configured.keySet());
	}

	/**
	 * The entity a property names: by JPA entity name, ignoring case, or by class name; {@code null}
	 * if it names no entity whose {@code @Id} is a {@code @TimeSortedId} attribute; refused if it
	 * cannot be partitioned.
	 */
	private static @Nullable PersistentClass entity(Metadata metadata, String name, TimeSortedIdRegistry registry) {
		String property = PropertyNames.PARTITIONS + name;
		PersistentClass entity = metadata.getEntityBindings().stream()
			.filter(candidate -> candidate.getJpaEntityName().equals(name)).findFirst()
			.or(() -> metadata.getEntityBindings().stream()
				.filter(candidate -> candidate.getJpaEntityName().equalsIgnoreCase(name)
						|| candidate.getClassName() != null && candidate.getClassName().equals(name))
				.findFirst())
			.orElse(null);
		IdField field = (entity != null) ? registry.identifierOf(entity.getMappedClass()).orElse(null) : null;
		if (entity == null || field == null || field.entityClass() != entity.getRootClass().getMappedClass()) {
			return null;
		}
		if (entity.getRootClass() != entity) {
			throw new TimeSortedIdConfigurationException("The property " + property + ".* names an entity that inherits its "
					+ "ID from " + entity.getRootClass().getJpaEntityName() + ", whose table holds the IDs of the hierarchy.",
					"Set " + PropertyNames.PARTITIONS + entity.getRootClass().getJpaEntityName() + ".* instead.");
		}
		if (entity.getSubclasses().stream().anyMatch(UnionSubclass.class::isInstance)) {
			throw new TimeSortedIdConfigurationException("The property " + property + ".* names the root of a "
					+ "TABLE_PER_CLASS hierarchy, whose rows are spread over one table per class, so that one partitioned "
					+ "table cannot hold them.", "Use SINGLE_TABLE or JOINED inheritance to partition the hierarchy, or remove "
							+ property + ".*.");
		}
		return entity;
	}

	/** The entities of this mapping whose {@code @Id} is a {@code @TimeSortedId} attribute, for the registry's message. */
	private static MappedNames names(Metadata metadata, TimeSortedIdRegistry registry) {
		Set<Class<?>> mapped = metadata.getEntityBindings().stream().map(PersistentClass::getMappedClass)
			.collect(Collectors.toSet());
		List<String> known = registry.fields().stream()
			.filter(field -> field.isIdentifier() && mapped.contains(field.entityClass()))
			.map(IdField::entityName)
			.toList();
		return new MappedNames("entity", "the JPA entity name of such an entity", known);
	}

	/**
	 * The tables whose rows live and die with the entity's: its collection tables (element
	 * collections, join tables it owns), and tables whose primary key holds a foreign key to it
	 * ({@code JOINED} subclass tables, {@code @MapsId} and {@code @IdClass} children, join tables
	 * of other entities); each with that foreign key's column.
	 */
	private static Map<Table, Column> dependents(Metadata metadata, PersistentClass entity, List<Table> taken) {
		Table table = entity.getTable();
		Set<Table> collectionTables = metadata.getCollectionBindings().stream()
			.filter(collection -> !collection.isOneToMany() && collection.getOwner().getRootClass() == entity)
			.map(Collection::getCollectionTable)
			.collect(Collectors.toSet());
		Map<Table, Column> dependents = new LinkedHashMap<>();
		for (Table candidate : metadata.collectTableMappings()) {
			if (candidate == table || taken.contains(candidate) || dependents.containsKey(candidate)) {
				continue;
			}
			for (ForeignKey foreignKey : candidate.getForeignKeyCollection()) {
				if (foreignKey.getReferencedTable() != table || foreignKey.getColumnSpan() != 1) {
					continue;
				}
				Column column = foreignKey.getColumn(0);
				boolean inPrimaryKey = candidate.getPrimaryKey() != null && candidate.getPrimaryKey().getColumns().contains(column);
				if (inPrimaryKey || collectionTables.contains(candidate)) {
					dependents.put(candidate, column);
					break;
				}
			}
		}
		return dependents;
	}

	private static PartitionedTable.Part part(Table table, Column column, String name) {
		PartitionedTable.Part part = PartitionRules.part(name, table.getSchema(), table.getName(), column.getName(),
				table.isQuoted() || column.isQuoted(), "@Table(name = ...)");
		uniqueKeys(table, column, PropertyNames.PARTITIONS + name);
		return part;
	}

	/**
	 * Refuses a unique key without the partition key: PostgreSQL and MariaDB enforce uniqueness of
	 * a partitioned table per partition, so they refuse such a key (PostgreSQL: "unique constraint on
	 * partitioned table must include all partitioning columns").
	 */
	private static void uniqueKeys(Table table, Column key, String property) {
		List<List<Column>> unique = new ArrayList<>();
		table.getUniqueKeys().values().forEach(uniqueKey -> unique.add(uniqueKey.getColumns()));
		table.getColumns().stream().filter(Column::isUnique).forEach(column -> unique.add(List.of(column)));
		for (List<Column> columns : unique) {
			if (!columns.contains(key)) {
				throw new TimeSortedIdConfigurationException("The property " + property + ".* partitions the table '"
						+ table.getName() + "', which has a unique constraint on ("
						+ columns.stream().map(Column::getName).collect(Collectors.joining(", ")) + ") without '"
						+ key.getName() + "': PostgreSQL and MariaDB enforce the uniqueness of a partitioned table in "
						+ "each partition alone, so they refuse a unique constraint without the partition key.",
						"Keep the table whole (remove " + property + ".*), or drop the constraint (a @OneToOne's, "
								+ "@Column(unique = true), @NaturalId or @Table(uniqueConstraints)) and check that "
								+ "uniqueness another way.");
			}
		}
	}

	/**
	 * The statements Hibernate's schema creation writes for the tables of each partitioned table,
	 * once Hibernate has put the columns of the mapping in their final order (after integrators).
	 */
	static Map<PartitionedTable, List<String>> ddl(Metadata metadata, Dialect dialect, SqlStringGenerationContext context,
			PartitionMaintenance maintenance) {
		Map<PartitionedTable, List<String>> ddl = new LinkedHashMap<>();
		for (PartitionedTable table : maintenance.tables()) {
			ddl.put(table, MappedDdl.of(table.parts().stream().map(part -> mapping(metadata, part)).toList(), metadata, dialect,
					context));
		}
		return ddl;
	}

	private static Table mapping(Metadata metadata, PartitionedTable.Part part) {
		return metadata.collectTableMappings().stream().filter(candidate -> candidate.getName().equals(part.name()))
			.findFirst().orElseThrow();
	}

	/** The clause that partitions each table, and its default partition, in the DDL Hibernate writes. */
	private static void declare(Metadata metadata, PartitionDialect partitions, List<PartitionedTable.Part> parts) {
		for (PartitionedTable.Part part : parts) {
			Table mapping = mapping(metadata, part);
			String options = partitions.tableOptions(part);
			mapping.setOptions((mapping.getOptions() == null || mapping.getOptions().isBlank()) ? options
					: mapping.getOptions() + " " + options);
			List<String> afterCreate = partitions.afterCreate(part);
			if (!afterCreate.isEmpty()) {
				mapping.addInitCommand(context -> new InitCommand(afterCreate.toArray(String[]::new)));
			}
		}
	}

	/**
	 * Gives a text ID column, and the foreign key columns that reference it (which must match it),
	 * the type the database's partition key of text takes; the length and collation stay.
	 */
	private static void retype(Metadata metadata, Table table, Column id, String type) {
		id.setSqlType(type);
		for (Table referencing : metadata.collectTableMappings()) {
			for (ForeignKey foreignKey : referencing.getForeignKeyCollection()) {
				if (foreignKey.getReferencedTable() == table && foreignKey.getColumnSpan() == 1) {
					ColumnShaper.foreignKeyColumns(referencing, foreignKey.getColumn(0)).stream()
						.filter(column -> column.getSqlType() == null)
						.forEach(column -> column.setSqlType(type));
				}
			}
		}
	}

	/** MariaDB: foreign keys from or to a partitioned table are left out of the DDL, which InnoDB would refuse. */
	private static void withoutForeignKeys(Metadata metadata, List<PartitionedTable> tables) {
		Set<String> partitioned = tables.stream().flatMap(table -> table.parts().stream()).map(PartitionedTable.Part::name)
			.collect(Collectors.toSet());
		for (Table table : metadata.collectTableMappings()) {
			for (ForeignKey foreignKey : table.getForeignKeyCollection()) {
				if (foreignKey.isCreationEnabled() && (partitioned.contains(table.getName())
						|| partitioned.contains(foreignKey.getReferencedTable().getName()))) {
					foreignKey.disableCreation();
					logger.log(Level.INFO, "time-sorted-id partitions: the foreign key of " + table.getName() + " ("
							+ foreignKey.getColumns().stream().map(Column::getName).collect(Collectors.joining(", "))
							+ ") to " + foreignKey.getReferencedTable().getName() + " is not created: MariaDB's InnoDB refuses "
							+ "foreign keys on partitioned tables");
				}
			}
		}
	}

}
