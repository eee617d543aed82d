package io.github.timesortedid.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import javax.sql.DataSource;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.FieldDeclaration;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.IdValueType;
import io.github.timesortedid.model.KotlinValueClasses;
import io.github.timesortedid.model.MappedColumns;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionCheck;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionSettings;
import io.github.timesortedid.schema.SchemaCheck;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.jdbc.core.mapping.schema.SqlTypeMapping;
import org.springframework.data.relational.core.conversion.AbstractRelationalConverter;
import org.springframework.data.relational.core.conversion.RelationalConverter;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * The {@code @TimeSortedId} attributes of the entities Spring Data JDBC maps (aggregate roots, the
 * entities inside them, embedded values), read from its mapping context and registered in the model's
 * {@link TimeSortedIdRegistry}, which resolves prefix, algorithm and format exactly as for JPA. An
 * entity's name is its simple class name, the name {@code time-sorted-id.entities.<Entity>} takes.
 * As {@link MappedColumns} it names the table and column of each attribute it registered.
 */
public final class AggregateIds implements MappedColumns {

	/**
	 * The name the registry knows this integration by; in an application with JPA too, the registry
	 * awaits it ({@link TimeSortedIdRegistry#awaitIntegration(String)}) before it checks the names
	 * the settings give.
	 */
	public static final String INTEGRATION = "Spring Data JDBC";

	private final RelationalConverter converter;

	private final TimeSortedIdRegistry registry;

	private final DatabaseKind database;

	/** What each entity class holds, read once per class on first use. */
	private final ConcurrentMap<Class<?>, EntityIds> entities = new ConcurrentHashMap<>();

	/**
	 * Creates the attributes of one mapping context.
	 * @param converter Spring Data JDBC's converter, with its mapping context
	 * @param registry the registry the attributes are registered in
	 * @param dialect Spring Data JDBC's dialect of the database, which tells the database the schema
	 * check, the partitions and the comparison of replays are for
	 */
	public AggregateIds(RelationalConverter converter, TimeSortedIdRegistry registry, JdbcDialect dialect) {
		this.converter = converter;
		this.registry = registry;
		this.database = TypedIdJdbcConverters.databaseOf(dialect);
	}

	/**
	 * Returns the database the aggregates are stored in, as Spring Data JDBC's dialect tells it.
	 * @return the database
	 */
	public DatabaseKind database() {
		return this.database;
	}

	/**
	 * Registers the attributes of every entity the mapping context knows so far (after startup: every
	 * repository's aggregate and what it holds), so that prefixes are checked and IDs parse before the
	 * first save; an entity met later is registered when it is first saved.
	 */
	public void registerAll() {
		this.converter.getMappingContext().getPersistentEntities().forEach(entity -> of(entity.getType()));
		this.registry.integrationRegistered(INTEGRATION);
		this.registry.verifyEntityOverridesUsed();
	}

	/**
	 * Checks the columns of the registered attributes, the columns by which the entities inside an
	 * aggregate refer to an entity with a {@code @TimeSortedId} ID, the columns of
	 * {@code AggregateReference}s to aggregates with {@code @TimeSortedId} IDs and of typed IDs whose
	 * class a registered attribute makes ({@link #idColumns()}), against the database's
	 * catalog with the model's
	 * {@link SchemaCheck}, as for JPA (unless {@code time-sorted-id.schema-check.enabled=false}).
	 * @param dataSource the database the aggregates are stored in
	 * @throws io.github.timesortedid.model.TimeSortedIdConfigurationException naming every column that
	 * cannot hold its IDs, with the DDL that fixes it
	 */
	public void checkSchema(DataSource dataSource) {
		if (!this.registry.settings().schemaCheck()) {
			return;
		}
		// Spring Data JDBC validates no schema: a missing table would first show at the statement that needs it
		SchemaCheck.check(idColumns(), dataSource::getConnection, this.database, this.registry.settings().startupRetry(),
				"AggregateIds.ddl(aggregate, database, types) prints the DDL of an aggregate's tables");
	}

	/**
	 * Returns the columns that hold the IDs of the registered attributes, after {@link #registerAll()}:
	 * each attribute's own, the columns by which the entities inside an aggregate refer to an entity
	 * with a {@code @TimeSortedId} ID (their back references), the columns of
	 * {@code AggregateReference}s to aggregates with {@code @TimeSortedId} IDs, and those of typed ID
	 * properties whose class a registered attribute makes (a JPA entity's too); what the schema check
	 * checks, and what a column holds for other checks (such as a sharding rule's).
	 * @return the columns, each with the attribute whose IDs it holds and how
	 */
	public List<SchemaCheck.Target> idColumns() {
		List<SchemaCheck.Target> targets = new ArrayList<>();
		for (EntityIds ids : List.copyOf(this.entities.values())) {
			String table = ids.entity().getTableName().getReference();
			for (Slot slot : ids.ids()) {
				targets.add(new SchemaCheck.Target(slot.field(), table, slot.property().getColumnName().getReference()));
			}
			IdField identifier = ids.identifier();
			for (RelationalPersistentProperty child : ids.children()) {
				// the entities inside the aggregate refer to this one by its ID, in a column of their own table
				if (identifier != null && !child.isEmbedded()) {
					RelationalPersistentEntity<?> childEntity = this.converter.getMappingContext()
						.getRequiredPersistentEntity(child.getActualType());
					targets.add(new SchemaCheck.Target(identifier, childEntity.getTableName().getReference(),
							child.getReverseColumnName(ids.entity()).getReference(), reference(ids, child, identifier)));
				}
			}
			for (RelationalPersistentProperty property : ids.entity()) {
				IdField referenced = referenced(property);
				if (referenced != null) {
					targets.add(new SchemaCheck.Target(referenced, table, property.getColumnName().getReference(),
							reference(ids, property, referenced)));
				}
			}
		}
		return targets;
	}

	/**
	 * Applies {@code time-sorted-id.partitions} to the mapped aggregates, after {@link #registerAll()}:
	 * the registry keeps the maintenance of their partitioned tables (the root's table and those of
	 * the entities it holds) beside those of JPA entities in an application with both, and, unless
	 * {@code time-sorted-id.schema-check.enabled=false}, the tables are checked to be partitioned as
	 * configured. The names that another integration partitioned are left to it; nothing is done for
	 * an empty setting.
	 * @param dataSource the database the aggregates are stored in
	 * @throws io.github.timesortedid.model.TimeSortedIdConfigurationException if a setting names
	 * neither an aggregate nor what another integration partitioned, the aggregate's IDs or the
	 * database cannot be partitioned, or a table is not partitioned as configured (with the script
	 * that converts it)
	 */
	public void partitionTables(DataSource dataSource) {
		Map<String, PartitionSettings> requested = this.registry.partitionsToApply(INTEGRATION);
		if (requested.isEmpty()) {
			return;
		}
		// the aggregates of this mapping context; the registry fails for a name no integration maps
		Map<String, PartitionSettings> configured = new LinkedHashMap<>();
		requested.forEach((name, settings) -> {
			if (AggregatePartitions.aggregate(this, name) != null) {
				configured.put(name, settings);
			}
		});
		this.registry.partitionsApplied(INTEGRATION, AggregatePartitions.names(this), configured.keySet());
		if (configured.isEmpty()) {
			return;
		}
		PartitionMaintenance maintenance = AggregatePartitions.of(this, configured, this.database, null);
		this.registry.partitionMaintenance(INTEGRATION, maintenance);
		if (maintenance != null && this.registry.settings().schemaCheck()) {
			PartitionCheck.check(maintenance, dataSource::getConnection, this.registry.settings().options().clock().instant(),
					this.registry.settings().startupRetry());
		}
	}

	/**
	 * Returns the DDL of an aggregate's tables on a database, for a migration (Flyway, Liquibase): a
	 * {@code CREATE TABLE} for the root and for each entity it holds, as Spring Data JDBC maps them,
	 * with primary keys and an index on the back reference of a held table whose key does not start
	 * with it; the columns that hold IDs typed as the schema check wants them, the other columns with
	 * the application's types, else the library's types of the database (review them). For an
	 * aggregate under {@code time-sorted-id.partitions} on PostgreSQL or MariaDB, each table ends with
	 * the clause that partitions it (on PostgreSQL its text key {@code text COLLATE "C"}) and the
	 * partitions of the current interval and the {@code premake} next follow, as
	 * {@code PartitionDdl.script} prints them.
	 * @param aggregate the aggregate root's simple class name (any case)
	 * @param database the database the DDL is for
	 * @param types the application's column types, tried first, or {@code null}
	 * @return the script: a comment, then one statement after another, each ended by a semicolon
	 * @throws IllegalArgumentException if no aggregate of that name is mapped, or a column's type is unknown
	 */
	public String ddl(String aggregate, DatabaseKind database, @Nullable SqlTypeMapping types) {
		RelationalPersistentEntity<?> root = this.converter.getMappingContext().getPersistentEntities().stream()
			.filter(entity -> entity.getType().getSimpleName().equalsIgnoreCase(aggregate))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("'" + aggregate + "' names no entity Spring Data JDBC maps"));
		String name = root.getType().getSimpleName();
		Map<String, PartitionSettings> partitions = this.registry.settings().partitions();
		PartitionSettings settings = partitions.keySet().stream().filter(name::equalsIgnoreCase).findFirst()
			.map(partitions::get).orElse(null);
		if (settings != null && (database == DatabaseKind.POSTGRESQL || database == DatabaseKind.MARIADB)) {
			PartitionMaintenance maintenance = AggregatePartitions.of(this, Map.of(name, settings), database, types);
			if (maintenance != null) {
				return maintenance.ddl(name).orElseThrow().script(this.registry.settings().options().clock().instant());
			}
		}
		return new AggregateDdl(this, database, types).script(root);
	}

	/**
	 * Returns the table and column of an attribute this mapping context registered; {@code null} for
	 * any other (a JPA entity's in an application with both): an unknown class is not looked up in
	 * the mapping context, which would take it for a new entity and map it.
	 * @param field an attribute of the registry
	 * @return its table and column as Spring Data JDBC names them, or {@code null}
	 */
	@Override
	public @Nullable MappedColumn columnOf(IdField field) {
		EntityIds ids = this.entities.get(field.entityClass());
		if (ids == null) {
			return null;
		}
		for (Slot slot : ids.ids()) {
			if (slot.field().attribute().equals(field.attribute())) {
				return new MappedColumn(ids.entity().getTableName().getReference(),
						slot.property().getColumnName().getReference());
			}
		}
		return null;
	}

	/** Names a column that holds the IDs of another attribute: {@code a reference of Post.comments to Post.id}. */
	private static String reference(EntityIds ids, RelationalPersistentProperty property, IdField referenced) {
		return "a reference of " + ids.entity().getType().getSimpleName() + "." + property.getName() + " to " + referenced;
	}

	/** The {@code @TimeSortedId} attribute of a mapped property, if it is one. */
	@Nullable IdField fieldOf(RelationalPersistentProperty property) {
		EntityIds ids = of(property.getOwner().getType());
		if (ids != null) {
			for (Slot slot : ids.ids()) {
				if (slot.property().getName().equals(property.getName())) {
					return slot.field();
				}
			}
		}
		return null;
	}

	/**
	 * The attribute whose IDs a property that is not one itself holds: the ID attribute of the aggregate
	 * an {@code AggregateReference} refers to, if it is one of ours; for a typed ID, the attribute that
	 * makes that class's IDs, whichever integration registered it (a JPA entity's {@code CustomerId}).
	 */
	@Nullable IdField referenced(RelationalPersistentProperty property) {
		Class<?> type = property.getType();
		if (TypedId.class.isAssignableFrom(type) && fieldOf(property) == null) {
			return TypedIdJdbcConverters.makerOf(type, this.registry);
		}
		if (!AggregateReference.class.isAssignableFrom(type)) {
			return null;
		}
		Class<?> target = ResolvableType.forField(property.getRequiredField()).getGeneric(0).resolve();
		EntityIds ids = (target != null) ? of(target) : null;
		return (ids != null) ? ids.identifier() : null;
	}

	RelationalConverter converter() {
		return this.converter;
	}

	TimeSortedIdRegistry registry() {
		return this.registry;
	}

	/**
	 * The {@code @TimeSortedId} attributes of an entity class and its properties that hold other
	 * entities; {@code null} if Spring Data JDBC does not map the class as an entity.
	 */
	@Nullable EntityIds of(Class<?> type) {
		EntityIds known = this.entities.get(type);
		if (known != null) {
			return known;
		}
		RelationalPersistentEntity<?> entity = this.converter.getMappingContext().getPersistentEntity(type);
		return (entity != null) ? this.entities.computeIfAbsent(type, key -> read(entity)) : null;
	}

	private EntityIds read(RelationalPersistentEntity<?> entity) {
		List<Slot> ids = new ArrayList<>();
		List<RelationalPersistentProperty> children = new ArrayList<>();
		for (RelationalPersistentProperty property : entity) {
			FieldDeclaration declaration = FieldDeclaration.of(entity.getType().getSimpleName(), entity.getType(),
					property.getName(), property.isIdProperty(), null);
			if (declaration != null) {
				IdField field = this.registry.register(declaration);
				if (field.entityClass() != entity.getType()) {
					// the registry knows attributes by entity name, which Spring Data JDBC does not make unique
					throw new TimeSortedIdConfigurationException(declaration.describe() + " of " + entity.getType().getName()
							+ ": the entity name " + declaration.entityName() + " is " + field.entityClass().getName()
							+ "'s too.", "Give one of the two classes another simple name.");
				}
				requireStorable(field);
				ids.add(new Slot(property, field));
			}
			else if (AggregateReference.class.isAssignableFrom(property.getType())) {
				requireIdentifiedTarget(entity, property);
				requireWritableReference(entity, property);
			}
			else if (property.isEntity()) {
				children.add(property);
			}
		}
		return new EntityIds(entity, List.copyOf(ids), List.copyOf(children));
	}

	/**
	 * Checks that Spring Data JDBC can store the attribute as its settings say. It converts by type, not
	 * per property (spring-data-relational#1602): binary storage needs a typed ID class, whose
	 * converter writes the bits.
	 */
	private void requireStorable(IdField field) {
		if (field.binary() != null && field.valueType() != IdValueType.TYPED) {
			throw new TimeSortedIdConfigurationException(field + " is to be stored as binary, but Spring Data JDBC "
					+ "converts values by their type, not per attribute (spring-data-relational#1602), so a "
					+ field.javaType().getSimpleName() + " attribute cannot hold its IDs as binary.",
					"Declare the ID as a typed ID (record " + field.entityClass().getSimpleName() + "Id(String value) "
							+ "implements TypedId, with @IdPrefix), which is stored as binary in every column, or store "
							+ "this attribute as text: @TimeSortedId(storage = IdStorage.TEXT), or time-sorted-id.entities."
							+ field.entityName() + ".storage=text.");
		}
	}

	/**
	 * Refuses an {@code AggregateReference} to a class Spring Data JDBC maps without an identifier,
	 * such as a JPA entity, whose {@code @jakarta.persistence.Id} it does not know: its converter
	 * would fail on the first save ("Required identifier property not found"), or at startup, without
	 * a failure analysis, when the aggregate's tables are partitioned.
	 */
	private void requireIdentifiedTarget(RelationalPersistentEntity<?> entity, RelationalPersistentProperty property) {
		ResolvableType reference = ResolvableType.forField(property.getRequiredField());
		Class<?> target = reference.getGeneric(0).resolve();
		RelationalPersistentEntity<?> referred = (target != null)
				? this.converter.getMappingContext().getPersistentEntity(target) : null;
		if (referred == null || referred.getIdProperty() != null) {
			return;
		}
		Class<?> idType = reference.getGeneric(1).resolve(Object.class);
		String name = target.getSimpleName();
		String typed = TypedId.class.isAssignableFrom(idType) ? idType.getSimpleName() + " " + property.getName()
				: name + "Id " + property.getName() + ", a record " + name + "Id(String value) implements TypedId with the "
						+ "prefix of " + name + "'s IDs";
		throw new TimeSortedIdConfigurationException(entity.getType().getSimpleName() + "." + property.getName()
				+ " is an AggregateReference<" + name + ", " + idType.getSimpleName() + ">, but Spring Data JDBC maps "
				+ target.getName() + " without an identifier (it knows Spring Data's @Id, "
				+ "org.springframework.data.annotation.Id, not JPA's @jakarta.persistence.Id), and an AggregateReference "
				+ "refers to an aggregate Spring Data JDBC maps with its @Id.",
				"Refer to " + name + " by its ID, as to a JPA entity: a typed ID (" + typed + ") or the text (String "
						+ property.getName() + "), in place of the AggregateReference.");
	}

	/**
	 * Refuses an {@code AggregateReference} whose ID is a plain Kotlin value class: Spring Data JDBC has
	 * no converter for it and binds {@code null} for the reference, without an error.
	 */
	private void requireWritableReference(RelationalPersistentEntity<?> entity, RelationalPersistentProperty property) {
		ResolvableType reference = ResolvableType.forField(property.getRequiredField());
		Class<?> idType = reference.getGeneric(1).resolve();
		if (idType == null || !KotlinValueClasses.isValueClass(idType) || hasWriteConverter(idType)) {
			return;
		}
		String target = String.valueOf(reference.getGeneric(0).resolve(Object.class).getSimpleName());
		String declared = "AggregateReference<" + target + ", " + idType.getSimpleName() + ">";
		throw new TimeSortedIdConfigurationException(entity.getType().getSimpleName() + "." + property.getName() + " is an "
				+ declared + ", whose ID is a plain value class: Spring Data JDBC has no converter for it and would store "
				+ "null for the reference.",
				"Make " + idType.getSimpleName() + " a typed ID, which has a converter (@IdPrefix(\"...\") data class "
						+ idType.getSimpleName() + "(val value: String) : AbstractTypedId(value)), or refer by the text: "
						+ "AggregateReference<" + target + ", String>.");
	}

	private boolean hasWriteConverter(Class<?> type) {
		return this.converter instanceof AbstractRelationalConverter relational
				&& relational.getConversions().hasCustomWriteTarget(type);
	}

	/** An entity's {@code @TimeSortedId} attributes and the properties that hold other entities. */
	record EntityIds(RelationalPersistentEntity<?> entity, List<Slot> ids, List<RelationalPersistentProperty> children) {

		/** The attribute of the entity's ID, if it is a {@code @TimeSortedId} one. */
		@Nullable IdField identifier() {
			return this.ids.stream().filter(slot -> slot.property().isIdProperty()).map(Slot::field).findFirst().orElse(null);
		}

	}

	/** A mapped property and its attribute in the model. */
	record Slot(RelationalPersistentProperty property, IdField field) {

	}

}
