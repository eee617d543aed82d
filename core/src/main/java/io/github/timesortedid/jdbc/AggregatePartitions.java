package io.github.timesortedid.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.MappedNames;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.partitioning.PartitionDialect;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionRules;
import io.github.timesortedid.partitioning.PartitionSettings;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.jspecify.annotations.Nullable;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.jdbc.core.mapping.schema.SqlTypeMapping;
import org.springframework.data.relational.core.mapping.AggregatePath;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * The tables of {@code time-sorted-id.partitions} as Spring Data JDBC maps them: an aggregate
 * root's table, partitioned by its {@code @TimeSortedId} ID, and the tables of the entities the
 * aggregate holds whose rows carry the root's ID (those the root holds, and those held by held
 * entities without an {@code @Id}), partitioned alike by that column, so that a partition's
 * aggregates leave whole. The application writes the tables (Spring Data JDBC writes no DDL); the
 * rules and messages are the partitioning model's ({@link PartitionRules}), as for JPA.
 */
final class AggregatePartitions {

	/** How a Spring Data JDBC mapping names a table, for the message of a name too long. */
	private static final String RENAME = "@Table(\"...\")";

	private AggregatePartitions() {
	}

	/**
	 * The maintenance of the configured aggregates' tables on a database, after
	 * {@link AggregateIds#registerAll()}, with the DDL of their tables ({@link AggregateDdl}).
	 * @param types the application's column types, or {@code null}
	 * @return the maintenance, or {@code null} if nothing is configured or the database is H2
	 */
	static @Nullable PartitionMaintenance of(AggregateIds aggregates, Map<String, PartitionSettings> configured,
			DatabaseKind database, @Nullable SqlTypeMapping types) {
		if (configured.isEmpty()) {
			return null;
		}
		PartitionDialect partitions = PartitionRules.dialect(database, database.name(), configured.keySet());
		List<PartitionedTable> tables = new ArrayList<>();
		Map<PartitionedTable, List<String>> ddl = new LinkedHashMap<>();
		configured.forEach((name, settings) -> {
			AggregateIds.EntityIds ids = Objects.requireNonNull(aggregate(aggregates, name));
			IdField field = ids.identifier();
			RelationalPersistentEntity<?> root = ids.entity();
			PartitionRules.checkKey(name, field);
			List<PartitionedTable.Part> parts = new ArrayList<>();
			RelationalPersistentProperty id = root.getRequiredIdProperty();
			parts.add(PartitionRules.part(name, null, root.getTableName().getReference(), id.getColumnName().getReference(),
					false, RENAME));
			RelationalMappingContext context = (RelationalMappingContext) aggregates.converter().getMappingContext();
			held(name, settings, context.getAggregatePath(root), root, parts);
			if (partitions != null) {
				ColumnFamily family = field.column(database);
				PartitionedTable table = PartitionRules.table(name, partitions, field, family, settings, parts);
				tables.add(table);
				// the tables as the application's migration makes them: each ends with its clause, then the default
				// partitions; the columns of the key typed as the dialect wants partition keys (PostgreSQL: text), as
				// Hibernate's mapping and the conversion script type them
				Map<String, String> clauses = new LinkedHashMap<>();
				parts.forEach(part -> clauses.put(part.name(), partitions.tableOptions(part)));
				String keyType = partitions.keyType(family);
				AggregateDdl tablesDdl = new AggregateDdl(aggregates, database, types,
						(keyType != null) ? new AggregateDdl.Key(field, keyType + database.byteCollation()) : null);
				List<String> statements = new ArrayList<>(tablesDdl.statements(root, clauses));
				parts.forEach(part -> statements.addAll(partitions.afterCreate(part)));
				ddl.put(table, statements);
			}
		});
		PartitionMaintenance maintenance = PartitionRules.maintenance(partitions, tables, configured.keySet());
		return (maintenance != null) ? maintenance.withDdl(ddl) : null;
	}

	/**
	 * Adds the tables of the entities an entity of the aggregate holds, at any depth, whose rows carry
	 * the root's ID: those of the root's entities, and those of an entity held by a held entity without
	 * an {@code @Id}, whose back reference is the root's ID with the keys of the entities between
	 * (Spring Data JDBC refers to the nearest entity that has an ID). The table of an entity held by
	 * one with an {@code @Id} refers to that entity's ID, whose values need not carry the root's time:
	 * it stays whole, which a retention would leave holding the rows of aggregates whose partitions it
	 * retired, so that is refused.
	 */
	private static void held(String name, PartitionSettings settings, AggregatePath owner,
			RelationalPersistentEntity<?> entity, List<PartitionedTable.Part> parts) {
		for (RelationalPersistentProperty property : entity) {
			AggregatePath path = owner.append(property);
			if (property.isEmbedded()) {
				held(name, settings, path, path.getRequiredLeafEntity(), parts);
			}
			else if (property.isEntity() && !AggregateReference.class.isAssignableFrom(property.getType())) {
				RelationalPersistentEntity<?> held = path.getRequiredLeafEntity();
				AggregatePath holder = path.getIdDefiningParentPath();
				if (holder.isRoot()) {
					parts.add(PartitionRules.part(name, null, held.getTableName().getReference(),
							path.getTableInfo().backReferenceColumnInfos().unique().name().getReference(), false, RENAME));
				}
				else if (settings.retention() != null) {
					String holderName = holder.getRequiredLeafEntity().getType().getSimpleName();
					throw new TimeSortedIdConfigurationException("The property " + PropertyNames.PARTITIONS + name
							+ ".retention retires the partitions of " + name + "'s tables, but the table "
							+ held.getTableName().getReference() + " (" + name + "." + path.toDotPath() + ") refers to "
							+ holderName + " by its @Id, not to " + name + ": it cannot be partitioned with " + name
							+ "'s tables, and its rows would stay when their aggregate's partitions are retired.",
							"Remove the @Id of " + holderName + ", so that Spring Data JDBC refers to the " + name
									+ " from " + held.getTableName().getReference() + " and its table is partitioned with "
									+ name + "'s, or remove the retention (" + held.getTableName().getReference()
									+ " then stays a table of one piece).");
				}
				held(name, settings, path, held, parts);
			}
		}
	}

	/**
	 * The aggregate a property names: by its entity name (the simple class name), or ignoring case;
	 * {@code null} if it names no entity whose {@code @Id} is a {@code @TimeSortedId} attribute (the
	 * registry fails for a name no integration maps); refused if it names an entity inside an aggregate.
	 */
	static AggregateIds.@Nullable EntityIds aggregate(AggregateIds aggregates, String name) {
		List<AggregateIds.EntityIds> mapped = mapped(aggregates);
		List<AggregateIds.EntityIds> known = mapped.stream().filter(ids -> ids.identifier() != null).toList();
		AggregateIds.EntityIds named = known.stream()
			.filter(ids -> ids.entity().getType().getSimpleName().equals(name))
			.findFirst()
			.or(() -> known.stream().filter(ids -> ids.entity().getType().getSimpleName().equalsIgnoreCase(name)).findFirst())
			.orElse(null);
		Class<?> type = (named != null) ? named.entity().getType() : entityNamed(aggregates, name);
		RelationalPersistentProperty holding = (type != null) ? holding(aggregates, type) : null;
		if (holding != null) {
			// its rows are the holder's: they leave with the holder's, and its table is partitioned with the holder's,
			// whether it has an @Id of its own or not
			Class<?> root = holding.getOwner().getType();
			RelationalPersistentProperty above = holding(aggregates, root);
			for (int depth = 0; above != null && depth < 32; depth++) {
				root = above.getOwner().getType();
				above = holding(aggregates, root);
			}
			throw new TimeSortedIdConfigurationException("The property " + PropertyNames.PARTITIONS + name + ".* names "
					+ type.getSimpleName() + ", an entity inside the aggregate of " + root.getSimpleName() + " ("
					+ holding.getOwner().getType().getSimpleName() + "." + holding.getName() + "), not an aggregate root.",
					"Partition the aggregate root's tables instead, which partitions the tables of the entities it holds "
							+ "with them: " + PropertyNames.PARTITIONS + root.getSimpleName() + ".*.");
		}
		return named;
	}

	/** The mapped entity of a simple class name, or ignoring case; {@code null} for none. */
	private static @Nullable Class<?> entityNamed(AggregateIds aggregates, String name) {
		List<Class<?>> types = aggregates.converter()
			.getMappingContext()
			.getPersistentEntities()
			.stream()
			.<Class<?>>map(entity -> entity.getType())
			.toList();
		return types.stream()
			.filter(type -> type.getSimpleName().equals(name))
			.findFirst()
			.or(() -> types.stream().filter(type -> type.getSimpleName().equalsIgnoreCase(name)).findFirst())
			.orElse(null);
	}

	/**
	 * The aggregate roots of the mapping context whose {@code @Id} is a {@code @TimeSortedId}
	 * attribute, for the registry's message: not the entities held inside an aggregate, which
	 * {@link #aggregate} refuses.
	 */
	static MappedNames names(AggregateIds aggregates) {
		List<AggregateIds.EntityIds> mapped = mapped(aggregates);
		return new MappedNames("aggregate", "the simple class name of such an aggregate root", mapped.stream()
			.filter(ids -> ids.identifier() != null && holding(aggregates, ids.entity().getType()) == null)
			.map(ids -> ids.entity().getType().getSimpleName())
			.sorted()
			.toList());
	}

	/** The property that holds an entity inside another's aggregate, or {@code null} for an aggregate root. */
	private static @Nullable RelationalPersistentProperty holding(AggregateIds aggregates, Class<?> held) {
		for (RelationalPersistentEntity<?> holder : aggregates.converter().getMappingContext().getPersistentEntities()) {
			for (RelationalPersistentProperty property : holder) {
				if (!property.isEmbedded() && property.isEntity()
						&& !AggregateReference.class.isAssignableFrom(property.getType()) && property.getActualType() == held) {
					return property;
				}
			}
		}
		return null;
	}

	private static List<AggregateIds.EntityIds> mapped(AggregateIds aggregates) {
		return aggregates.converter().getMappingContext().getPersistentEntities().stream()
			.map(entity -> aggregates.of(entity.getType()))
			.filter(ids -> ids != null)
			.toList();
	}

}
