package io.github.timesortedid.hibernate;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.model.ConnectionSource;
import io.github.timesortedid.model.FieldDeclaration;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.StartupRetry;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionCheck;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.schema.SchemaCheck;
import org.hibernate.SessionFactory;
import org.hibernate.SessionFactoryObserver;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.JdbcSettings;
import org.hibernate.dialect.Dialect;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.engine.config.spi.StandardConverters;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.event.service.spi.EventListenerRegistry;
import org.hibernate.event.spi.EventType;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.ForeignKey;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.Table;
import org.hibernate.type.MappingContext;
import org.jspecify.annotations.Nullable;

/**
 * The startup pass over the mapping, after it is complete and before Hibernate writes the schema:
 * registers every {@code @TimeSortedId} attribute (so configuration errors surface at once), gives
 * its column, and the foreign key columns that reference it, the DDL its IDs need, partitions the
 * tables of {@code time-sorted-id.partitions} ({@link PartitionMapping}), and, once the session
 * factory is up, checks that every {@code time-sorted-id.entities} override was used and that an
 * existing schema can hold the IDs and is partitioned as configured. Found by Hibernate through {@code META-INF/services}.
 */
public final class TimeSortedIdIntegrator implements Integrator {

	private static final Logger logger = System.getLogger(TimeSortedIdIntegrator.class.getName());

	@Override
	public void integrate(Metadata metadata, BootstrapContext bootstrapContext, SessionFactoryImplementor sessionFactory) {
		TimeSortedIdRegistry registry = RegistryService.of(sessionFactory.getServiceRegistry());
		Dialect dialect = sessionFactory.getJdbcServices().getDialect();
		List<SchemaCheck.Target> targets = new ArrayList<>();
		List<UnconstrainedReference> unconstrained = UnconstrainedReference.of(metadata);
		for (PersistentClass entity : metadata.getEntityBindings()) {
			List<Property> properties = new ArrayList<>();
			// a subclass's identifier is its root's: one attribute, registered once, with one prefix
			boolean inheritsIdentifier = entity.getRootClass() != entity;
			if (entity.getIdentifierProperty() != null && !inheritsIdentifier) {
				properties.add(entity.getIdentifierProperty());
			}
			else if (entity.getIdentifierProperty() != null) {
				FieldDeclaration root = MappedAttributes.declaration(entity.getRootClass(), entity.getIdentifierProperty());
				if (root != null) {
					registry.registerInheritor(entity.getJpaEntityName(), registry.register(root));
				}
			}
			properties.addAll(entity.getProperties());
			for (Property property : properties) {
				FieldDeclaration declaration = MappedAttributes.declaration(entity, property);
				Column column = MappedAttributes.column(property);
				if (declaration == null || column == null) {
					continue;
				}
				IdField field = registry.register(declaration);
				ColumnShaper.shape(column, field, dialect, (MappingContext) metadata, entity.getTable().getName());
				targets.add(new SchemaCheck.Target(field, entity.getTable().getName(), column.getName()));
				if (field.isIdentifier()) {
					shapeReferences(metadata, dialect, entity.getTable(), column, field, unconstrained, targets);
				}
			}
		}
		PartitionMaintenance partitions = PartitionMapping.apply(metadata, dialect, registry);
		registry.partitionMaintenance(PartitionMapping.INTEGRATION, partitions);
		if (partitions != null && partitions.prunesLookupsByLiterals()) {
			routeLookups(sessionFactory, partitions, registry);
		}
		// a bootstrap without JDBC metadata access has no database to check, e.g. Spring Data JPA's AOT
		// repository generation at build time; the application checks when it runs
		boolean checkSchema = registry.settings().schemaCheck() && sessionFactory.getServiceRegistry()
			.requireService(ConfigurationService.class)
			.getSetting(JdbcSettings.ALLOW_METADATA_ON_BOOT, StandardConverters.BOOLEAN, true);
		sessionFactory.addObserver(new SessionFactoryObserver() {

			private static final long serialVersionUID = 1L;

			/** The mapping, until the DDL of the partitioned tables is written from it; not kept beyond. */
			private transient @Nullable Metadata mapping = metadata;

			@Override
			public void sessionFactoryCreated(SessionFactory factory) {
				if (partitions != null && this.mapping != null) {
					// Hibernate puts the columns of tables and keys in their final order after integrators run
					registry.partitionMaintenance(PartitionMapping.INTEGRATION, partitions.withDdl(PartitionMapping
						.ddl(this.mapping, dialect, sessionFactory.getSqlStringGenerationContext(), partitions)));
					this.mapping = null;
				}
				registry.verifyEntityOverridesUsed();
				if (checkSchema) {
					ConnectionSource connections = Databases.connections(sessionFactory.getJdbcServices()
						.getBootstrapJdbcConnectionAccess());
					StartupRetry retry = registry.settings().startupRetry();
					SchemaCheck.check(targets, connections, Databases.of(dialect), retry);
					if (partitions != null) {
						PartitionCheck.check(partitions, connections, registry.settings().options().clock().instant(), retry);
					}
				}
			}

		});
	}

	/**
	 * Puts {@link PartitionLookupListener} around Hibernate's listeners of loads by ID, refreshes and
	 * collection initializations, and before its pre-load listeners, if the statement
	 * inspector is {@link PartitionLookups}; the service contributor made it so unless the application
	 * named an inspector class of its own, in which case lookups keep {@code id = ?} alone and
	 * PostgreSQL plans each one.
	 */
	private static void routeLookups(SessionFactoryImplementor sessionFactory, PartitionMaintenance partitions,
			TimeSortedIdRegistry registry) {
		if (!(sessionFactory.getSessionFactoryOptions().getStatementInspector() instanceof PartitionLookups lookups)) {
			logger.log(Level.INFO, () -> "time-sorted-id partitions: " + AvailableSettings.STATEMENT_INSPECTOR + " names a "
					+ "class, so lookups by ID of " + partitions.tables() + " are sent without their partition's bounds and "
					+ "PostgreSQL plans each one; give the inspector as an instance to keep both");
			return;
		}
		EventListenerRegistry listeners = sessionFactory.getEventListenerRegistry();
		PartitionLookupListener listener = new PartitionLookupListener(lookups, partitions, registry,
				current(listeners, EventType.LOAD), current(listeners, EventType.INIT_COLLECTION),
				current(listeners, EventType.REFRESH));
		listeners.setListeners(EventType.LOAD, listener);
		listeners.setListeners(EventType.INIT_COLLECTION, listener);
		listeners.setListeners(EventType.REFRESH, listener);
		listeners.prependListeners(EventType.PRE_LOAD, listener);
	}

	private static <T> List<T> current(EventListenerRegistry listeners, EventType<T> type) {
		List<T> current = new ArrayList<>();
		// the group's own iteration (listeners() is deprecated): each listener once, in order
		listeners.getEventListenerGroup(type).fireEventOnEachListener(current, (listener, all) -> all.add(listener));
		return current;
	}

	/**
	 * Foreign keys must match the column they reference: same length, type and collation; an
	 * existing schema's are checked like the ID column. So must a column that references it without
	 * a constraint, which joins and lookups compare with it all the same.
	 */
	private static void shapeReferences(Metadata metadata, Dialect dialect, Table table, Column idColumn, IdField field,
			List<UnconstrainedReference> unconstrained, List<SchemaCheck.Target> targets) {
		for (Table referencing : metadata.collectTableMappings()) {
			for (ForeignKey foreignKey : referencing.getForeignKeyCollection()) {
				if (foreignKey.getReferencedTable() == table && foreignKey.getColumnSpan() == 1
						&& (foreignKey.getReferencedColumns().isEmpty()
								|| foreignKey.getReferencedColumns().get(0).equals(idColumn))) {
					for (Column column : ColumnShaper.foreignKeyColumns(referencing, foreignKey.getColumn(0))) {
						ColumnShaper.copy(idColumn, column, dialect, (MappingContext) metadata);
					}
					targets.add(new SchemaCheck.Target(field, referencing.getName(), foreignKey.getColumn(0).getName(),
							"references " + field));
				}
			}
		}
		for (UnconstrainedReference reference : unconstrained) {
			PersistentClass referenced = metadata.getEntityBinding(reference.entityName());
			if (referenced != null && referenced.getTable() == table) {
				for (Column column : ColumnShaper.foreignKeyColumns(reference.table(), reference.column())) {
					ColumnShaper.copy(idColumn, column, dialect, (MappingContext) metadata);
				}
				targets.add(new SchemaCheck.Target(field, reference.table().getName(), reference.column().getName(),
						"references " + field));
			}
		}
	}

}
