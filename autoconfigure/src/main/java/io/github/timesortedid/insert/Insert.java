package io.github.timesortedid.insert;

import java.util.Set;

import io.github.timesortedid.TypedIds;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.hibernate.jpa.event.spi.CallbackRegistry;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.EntityIdentifierMapping;
import org.hibernate.metamodel.mapping.EntityMappingType;
import org.hibernate.metamodel.spi.MappingMetamodelImplementor;
import org.jspecify.annotations.Nullable;

/**
 * One call of {@link RetrySafeInserter#insert}: the entity, its state captured before the first
 * attempt, its fixed ID, and whether the caller assigned an ID in the graph (a replayed request's,
 * which an orphaned attempt may still lock).
 *
 * @param <T> the entity type
 * @param entity the entity handed in
 * @param graph the state of the entity and of what its {@code persist} cascades to
 * @param root the root class of the entity's hierarchy, by which the row is looked up
 * @param entityName the JPA entity name
 * @param id the ID, fixed now
 * @param assigned whether an ID in the graph came from the caller
 * @param setByPersistence the attributes the persist callbacks set (a {@code @PrePersist} method,
 * Spring Data auditing), which are not the caller's data and not compared with a stored row
 */
record Insert<T>(T entity, InsertGraph graph, Class<?> root, String entityName, Object id, boolean assigned,
		Set<AttributeMapping> setByPersistence) {

	/**
	 * Fixes the IDs of an entity and of every entity its {@code persist} cascades to, captures
	 * their state, and learns what their persist callbacks set.
	 * @throws IllegalArgumentException if the entity has no {@code @Id @TimeSortedId} attribute
	 */
	static <T> Insert<T> capture(T entity, TimeSortedIdRegistry registry, MappingMetamodelImplementor metamodel,
			CallbackRegistry callbacks) {
		IdField field = registry.identifierOf(entity.getClass())
			.orElseThrow(() -> new IllegalArgumentException(entity.getClass().getName()
					+ " has no @Id @TimeSortedId attribute; retry-safe inserts need an application-assigned ID"));
		EntityMappingType type = metamodel.getEntityDescriptor(entity.getClass());
		boolean[] assigned = { false };
		InsertGraph graph = InsertGraph.capture(entity, metamodel,
				(member) -> assigned[0] |= fixIdentifier(member, registry, metamodel));
		Object id = type.getIdentifierMapping().getIdentifier(entity);
		Class<?> root = type.getRootEntityDescriptor().getJavaType().getJavaTypeClass();
		return new Insert<>(entity, graph, root, field.entityName(), id, assigned[0], graph.setByCallbacks(callbacks));
	}

	/**
	 * Sets a new ID on an entity that has none, and checks one that the application assigned.
	 * @return true if the entity came with an ID of its own
	 */
	private static boolean fixIdentifier(Object entity, TimeSortedIdRegistry registry,
			MappingMetamodelImplementor metamodel) {
		@Nullable IdField field = registry.identifierOf(entity.getClass()).orElse(null);
		EntityIdentifierMapping identifier = metamodel.getEntityDescriptor(entity.getClass()).getIdentifierMapping();
		@Nullable Object current = identifier.getIdentifier(entity);
		if (field == null) {
			return current != null;
		}
		if (field.isUnassigned(current)) {
			identifier.setIdentifier(entity, field.next(), null);
			return false;
		}
		field.checkAssigned(current);
		return true;
	}

	/** Names the insert in messages: {@code Post post_01jh...}. */
	String describe() {
		return this.entityName + " " + TypedIds.text(this.id);
	}

}
