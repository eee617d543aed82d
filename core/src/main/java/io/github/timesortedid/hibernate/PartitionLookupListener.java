package io.github.timesortedid.hibernate;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.hibernate.HibernateException;
import org.hibernate.engine.spi.EntityEntry;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.event.spi.InitializeCollectionEvent;
import org.hibernate.event.spi.InitializeCollectionEventListener;
import org.hibernate.event.spi.LoadEvent;
import org.hibernate.event.spi.LoadEventListener;
import org.hibernate.event.spi.PreLoadEvent;
import org.hibernate.event.spi.PreLoadEventListener;
import org.hibernate.event.spi.RefreshContext;
import org.hibernate.event.spi.RefreshEvent;
import org.hibernate.event.spi.RefreshEventListener;
import org.hibernate.metamodel.mapping.BasicEntityIdentifierMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.persister.collection.CollectionPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.hibernate.proxy.HibernateProxy;
import org.hibernate.proxy.LazyInitializer;
import org.jspecify.annotations.Nullable;

/**
 * Runs Hibernate's own listeners of loads by ID ({@code find}, {@code getReference} when it is
 * initialized, a select-fetched association), of refreshes and of collection initialization, each in
 * a {@linkplain PartitionLookups#during frame} of {@link PartitionLookups}: around a load of a
 * partitioned table's entity or of a collection kept in a table partitioned alike, the frame holds
 * the bounds of the ID's interval for the statement the load sends; around any other load it holds
 * none, so that the load's statements never take an outer load's bounds. On Hibernate's pre-load
 * event (a row read, from a statement or a cache) it tells {@link PartitionLookups} that the load's
 * statement is behind it. The load itself is Hibernate's: its statement, persistence context,
 * caches, locks and fetches.
 */
final class PartitionLookupListener
		implements LoadEventListener, InitializeCollectionEventListener, RefreshEventListener, PreLoadEventListener {

	private static final long serialVersionUID = 1L;

	private final PartitionLookups lookups;

	private final PartitionMaintenance partitions;

	private final TimeSortedIdRegistry registry;

	private final List<LoadEventListener> hibernate;

	private final List<InitializeCollectionEventListener> hibernateCollections;

	private final List<RefreshEventListener> hibernateRefreshes;

	/** Per entity name: how Hibernate loads it by ID, if its table is partitioned by that ID. */
	private final Map<String, Optional<Route>> routes = new ConcurrentHashMap<>();

	/** Per collection role: how Hibernate loads it by its owner's ID, if its table is partitioned alike. */
	private final Map<String, Optional<Route>> collectionRoutes = new ConcurrentHashMap<>();

	PartitionLookupListener(PartitionLookups lookups, PartitionMaintenance partitions, TimeSortedIdRegistry registry,
			List<LoadEventListener> hibernate, List<InitializeCollectionEventListener> hibernateCollections,
			List<RefreshEventListener> hibernateRefreshes) {
		this.lookups = lookups;
		this.partitions = partitions;
		this.registry = registry;
		this.hibernate = List.copyOf(hibernate);
		this.hibernateCollections = List.copyOf(hibernateCollections);
		this.hibernateRefreshes = List.copyOf(hibernateRefreshes);
	}

	@Override
	public void onLoad(LoadEvent event, LoadType loadType) throws HibernateException {
		this.lookups.during(lookup(event), () -> {
			for (LoadEventListener listener : this.hibernate) {
				listener.onLoad(event, loadType);
			}
		});
	}

	@Override
	public void onRefresh(RefreshEvent event) throws HibernateException {
		this.lookups.during(refreshLookup(event), () -> {
			for (RefreshEventListener listener : this.hibernateRefreshes) {
				listener.onRefresh(event);
			}
		});
	}

	@Override
	public void onRefresh(RefreshEvent event, RefreshContext refreshedAlready) throws HibernateException {
		this.lookups.during(refreshLookup(event), () -> {
			for (RefreshEventListener listener : this.hibernateRefreshes) {
				listener.onRefresh(event, refreshedAlready);
			}
		});
	}

	@Override
	public void onPreLoad(PreLoadEvent event) {
		this.lookups.loaded();
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
		return lookup(event.getSession().getFactory(), entityName, id);
	}

	/** A refresh loads its entity by ID, as {@code find} does; a proxy not yet initialized is loaded by its own load. */
	private PartitionLookups.@Nullable Pending refreshLookup(RefreshEvent event) {
		Object entity = event.getObject();
		if (entity instanceof HibernateProxy proxy) {
			LazyInitializer initializer = proxy.getHibernateLazyInitializer();
			return lookup(event.getFactory(), initializer.getEntityName(), initializer.getInternalIdentifier());
		}
		EntityEntry entry = event.getSession().getPersistenceContextInternal().getEntry(entity);
		return (entry != null) ? lookup(event.getFactory(), entry.getEntityName(), entry.getId()) : null;
	}

	private PartitionLookups.@Nullable Pending lookup(SessionFactoryImplementor factory, String entityName, @Nullable Object id) {
		if (id == null) {
			return null;
		}
		return this.routes.computeIfAbsent(entityName, name -> route(factory, name)).map(route -> route.lookup(id)).orElse(null);
	}

	/**
	 * The route of an entity whose root's table is partitioned: the root, or a subclass. A
	 * {@code JOINED} subclass is loaded from its own table ({@code from article a1_0 join node a1_1 on
	 * a1_0.id=a1_1.id}), which is partitioned alike with the root's; the statement's other tables of
	 * the family, the root's among them, get the bounds in their {@code on}.
	 */
	private Optional<Route> route(SessionFactoryImplementor factory, String entityName) {
		EntityPersister persister = factory.getMappingMetamodel().findEntityDescriptor(entityName);
		if (persister == null || !(persister.getIdentifierMapping() instanceof BasicEntityIdentifierMapping id)) {
			return Optional.empty();
		}
		Class<?> root = persister.getRootEntityDescriptor().getMappedJavaType().getJavaTypeClass();
		String loaded = unqualified(id.getContainingTableExpression());
		return this.registry.identifierOf(root)
			.flatMap(this.partitions::table)
			.map(table -> new Route(table, PartitionLookups.Loader.of(id.getContainingTableExpression(),
					id.getSelectionExpression(),
					table.parts().stream().filter(part -> !part.name().equalsIgnoreCase(loaded)).toList())));
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
