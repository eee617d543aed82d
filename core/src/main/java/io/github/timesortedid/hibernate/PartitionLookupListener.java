package io.github.timesortedid.hibernate;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.hibernate.HibernateException;
import org.hibernate.event.spi.InitializeCollectionEvent;
import org.hibernate.event.spi.InitializeCollectionEventListener;
import org.hibernate.event.spi.LoadEvent;
import org.hibernate.event.spi.LoadEventListener;
import org.hibernate.metamodel.mapping.BasicEntityIdentifierMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.persister.collection.CollectionPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.jspecify.annotations.Nullable;

/**
 * Runs Hibernate's own listeners of loads by ID ({@code find}, {@code getReference} when it is
 * initialized, a select-fetched association) and of collection initialization and, around a load
 * of a partitioned table's entity or of a collection kept in a table partitioned alike, gives
 * {@link PartitionLookups} the bounds of the ID's interval for the statement it sends. The load
 * itself is Hibernate's: its statement, persistence context, caches, locks and fetches.
 */
final class PartitionLookupListener implements LoadEventListener, InitializeCollectionEventListener {

	private static final long serialVersionUID = 1L;

	private final PartitionLookups lookups;

	private final PartitionMaintenance partitions;

	private final TimeSortedIdRegistry registry;

	private final List<LoadEventListener> hibernate;

	private final List<InitializeCollectionEventListener> hibernateCollections;

	/** Per entity name: how Hibernate loads it by ID, if its table is partitioned by that ID. */
	private final Map<String, Optional<Route>> routes = new ConcurrentHashMap<>();

	/** Per collection role: how Hibernate loads it by its owner's ID, if its table is partitioned alike. */
	private final Map<String, Optional<Route>> collectionRoutes = new ConcurrentHashMap<>();

	PartitionLookupListener(PartitionLookups lookups, PartitionMaintenance partitions, TimeSortedIdRegistry registry,
			List<LoadEventListener> hibernate, List<InitializeCollectionEventListener> hibernateCollections) {
		this.lookups = lookups;
		this.partitions = partitions;
		this.registry = registry;
		this.hibernate = List.copyOf(hibernate);
		this.hibernateCollections = List.copyOf(hibernateCollections);
	}

	@Override
	public void onLoad(LoadEvent event, LoadType loadType) throws HibernateException {
		this.lookups.during(lookup(event), () -> {
			for (LoadEventListener listener : this.hibernate) {
				listener.onLoad(event, loadType);
			}
		});
	}

	/**
	 * Initializes a collection whose table is partitioned alike (an element collection, the join
	 * table of a many-to-many) with the bounds of its owner's ID in its statement.
	 */
	@Override
	public void onInitializeCollection(InitializeCollectionEvent event) throws HibernateException {
		this.lookups.during(collectionLookup(event), () -> {
			for (InitializeCollectionEventListener listener : this.hibernateCollections) {
				listener.onInitializeCollection(event);
			}
		});
	}

	private PartitionLookups.@Nullable Pending collectionLookup(InitializeCollectionEvent event) {
		CollectionPersister persister = event.getCollectionPersister();
		Object key = event.getCollection().getKey();
		if (persister == null || key == null) {
			return null;
		}
		return this.collectionRoutes.computeIfAbsent(persister.getRole(), role -> collectionRoute(persister))
			.map(route -> route.lookup(key))
			.orElse(null);
	}

	/** The route of a collection kept in a table partitioned alike with its owner's, by its key column. */
	private Optional<Route> collectionRoute(CollectionPersister persister) {
		if (!(persister.getAttributeMapping().getKeyDescriptor().getKeyPart() instanceof BasicValuedModelPart key)) {
			return Optional.empty();
		}
		Class<?> root = persister.getOwnerEntityPersister().getRootEntityDescriptor().getMappedJavaType().getJavaTypeClass();
		String keyTable = unqualified(key.getContainingTableExpression());
		String keyColumn = unqualified(key.getSelectionExpression());
		return this.registry.identifierOf(root)
			.flatMap(this.partitions::table)
			.filter(table -> table.parts().stream().skip(1)
				.anyMatch(part -> part.name().equalsIgnoreCase(keyTable) && part.column().equalsIgnoreCase(keyColumn)))
			.map(table -> new Route(table, PartitionLookups.Loader.of(key.getContainingTableExpression(),
					key.getSelectionExpression(), List.of())));
	}

	/** A table or column name as the catalog has it: without schema and quotes. */
	private static String unqualified(String name) {
		return name.substring(name.lastIndexOf('.') + 1).replace("\"", "").replace("`", "");
	}

	private PartitionLookups.@Nullable Pending lookup(LoadEvent event) {
		Object id = event.getEntityId();
		String entityName = event.getEntityClassName();
		if (id == null || entityName == null) {
			return null;
		}
		return this.routes.computeIfAbsent(entityName, name -> route(event, name)).map(route -> route.lookup(id)).orElse(null);
	}

	/**
	 * The route of an entity whose root's table is partitioned: the root, or a subclass. A statement
	 * that loads from another table first (a {@code JOINED} subclass whose identifier is mapped to its
	 * own table) does not match the loader and is sent as it is.
	 */
	private Optional<Route> route(LoadEvent event, String entityName) {
		EntityPersister persister = event.getSession().getFactory().getMappingMetamodel().findEntityDescriptor(entityName);
		if (persister == null || !(persister.getIdentifierMapping() instanceof BasicEntityIdentifierMapping id)) {
			return Optional.empty();
		}
		Class<?> root = persister.getRootEntityDescriptor().getMappedJavaType().getJavaTypeClass();
		return this.registry.identifierOf(root)
			.flatMap(this.partitions::table)
			.map(table -> new Route(table, PartitionLookups.Loader.of(id.getContainingTableExpression(),
					id.getSelectionExpression(), table.parts().subList(1, table.parts().size()))));
	}

	/**
	 * @param table the partitioned table
	 * @param loader how Hibernate's statement loads its rows by ID
	 */
	private record Route(PartitionedTable table, PartitionLookups.Loader loader) {

		/** The lookup of a value of the partition column, if it gets its interval's bounds. */
		PartitionLookups.@Nullable Pending lookup(Object value) {
			PartitionedTable.Interval interval = this.table.intervalOf(value);
			return (interval != null) ? new PartitionLookups.Pending(this.loader, interval) : null;
		}

	}

}
