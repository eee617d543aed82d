package io.github.timesortedid.insert;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;

import org.hibernate.engine.spi.CascadingActions;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.EmbeddableValuedModelPart;
import org.hibernate.metamodel.mapping.EntityIdentifierMapping;
import org.hibernate.metamodel.mapping.EntityMappingType;
import org.hibernate.metamodel.mapping.EntityValuedModelPart;
import org.hibernate.metamodel.mapping.ManagedMappingType;
import org.hibernate.metamodel.mapping.PluralAttributeMapping;
import org.hibernate.metamodel.spi.MappingMetamodelImplementor;
import org.hibernate.proxy.HibernateProxy;
import org.jspecify.annotations.Nullable;

/**
 * The state of an entity and of every entity its {@code persist} cascades to, exactly as the caller
 * handed it in, so that each attempt of an insert starts from it. A failed attempt leaves traces
 * behind in the objects it persisted: Hibernate replaces collections by its own wrappers (which,
 * persisted again after a rollback, are taken as already written, so their rows are silently
 * lost), sets versions and generated values. {@link #restore()} puts every captured attribute back,
 * with fresh collections holding the original elements.
 * <p>
 * Capturing also fixes the identifiers of the root and of its cascaded children before the first
 * attempt, so that a retry re-sends the same keys.
 */
final class InsertGraph {

	private final MappingMetamodelImplementor metamodel;

	/** Entities need not implement equals() and must not be compared by it: identity it is. */
	private final Set<Object> visited = Collections.newSetFromMap(new IdentityHashMap<>());

	private final List<Captured> captured = new ArrayList<>();

	private final List<Reference> references = new ArrayList<>();

	private InsertGraph(MappingMetamodelImplementor metamodel) {
		this.metamodel = metamodel;
	}

	/**
	 * Captures an entity and what it cascades to.
	 * @param root the entity to insert
	 * @param metamodel Hibernate's mapping model
	 * @param fixIdentifier called once for each entity of the graph, root first, before its state is
	 * captured, so that the identifier it sets is part of the state
	 * @return the captured graph
	 */
	static InsertGraph capture(Object root, MappingMetamodelImplementor metamodel, Consumer<Object> fixIdentifier) {
		InsertGraph graph = new InsertGraph(metamodel);
		graph.entity(root, fixIdentifier);
		return graph;
	}

	/** Puts every captured attribute back into the objects it was read from. */
	void restore() {
		for (Captured state : this.captured) {
			@Nullable Object[] values = state.values().clone();
			for (int i = 0; i < values.length; i++) {
				if (values[i] instanceof CollectionCopy copy) {
					values[i] = copy.fresh();
				}
			}
			state.type().setValues(state.target(), values);
			if (state.identifier() != null) {
				state.identifier().setIdentifier(state.target(), state.id(), null);
			}
		}
	}

	/**
	 * Points every to-one reference to an entity outside the graph at what {@code references} gives
	 * for its class and ID, e.g. {@code EntityManager::getReference}. A detached instance would make
	 * Hibernate SELECT it to learn whether it is new (its ID is application-assigned, so the ID
	 * cannot tell); a reference from the session says it exists.
	 * @param references makes the reference for an entity class and ID
	 */
	void referThrough(BiFunction<Class<?>, Object, Object> references) {
		for (Reference reference : this.references) {
			reference.owner().setValue(reference.target(), reference.index(),
					references.apply(reference.type().getJavaType().getJavaTypeClass(), reference.id()));
		}
	}

	/** Puts back the caller's own instances where {@link #referThrough} put references. */
	void unrefer() {
		for (Reference reference : this.references) {
			reference.owner().setValue(reference.target(), reference.index(), reference.referenced());
		}
	}

	private void entity(Object entity, Consumer<Object> fixIdentifier) {
		if (!this.visited.add(entity)) {
			return;
		}
		EntityMappingType type = this.metamodel.getEntityDescriptor(entity.getClass());
		fixIdentifier.accept(entity);
		EntityIdentifierMapping identifier = type.getIdentifierMapping();
		boolean simple = identifier.getNature() == EntityIdentifierMapping.Nature.SIMPLE;
		capture(type, entity, simple ? identifier : null, simple ? identifier.getIdentifier(entity) : null,
				fixIdentifier);
	}

	private void capture(ManagedMappingType type, Object target, @Nullable EntityIdentifierMapping identifier,
			@Nullable Object id,
			Consumer<Object> fixIdentifier) {
		@Nullable Object[] values = type.getValues(target);
		for (int i = 0; i < values.length; i++) {
			AttributeMapping attribute = type.getAttributeMapping(i);
			Object value = values[i];
			if (value == null) {
				continue;
			}
			boolean cascades = cascadesPersist(attribute);
			if (attribute instanceof PluralAttributeMapping plural) {
				CollectionCopy copy = new CollectionCopy(plural, value);
				values[i] = copy;
				copy.forEachElement(element -> element(plural, element, cascades, fixIdentifier));
			}
			else if (attribute instanceof EmbeddableValuedModelPart embedded) {
				capture(embedded.getEmbeddableTypeDescriptor(), value, null, null, fixIdentifier);
			}
			else if (attribute instanceof EntityValuedModelPart && cascades) {
				entity(value, fixIdentifier);
			}
			else if (attribute instanceof EntityValuedModelPart && !(value instanceof HibernateProxy)) {
				EntityMappingType referencedType = this.metamodel.getEntityDescriptor(value.getClass());
				Object referencedId = referencedType.getIdentifierMapping().getIdentifier(value);
				if (referencedId != null) {
					this.references.add(new Reference(type, target, i, value, referencedType, referencedId));
				}
			}
		}
		this.captured.add(new Captured(type, target, values, identifier, id));
	}

	/** Whether {@code persist} of the owner reaches the attribute's entities: they are part of the insert. */
	static boolean cascadesPersist(AttributeMapping attribute) {
		return attribute.getAttributeMetadata().getCascadeStyle().doCascade(CascadingActions.PERSIST);
	}

	private void element(PluralAttributeMapping plural, @Nullable Object element, boolean cascades,
			Consumer<Object> fixIdentifier) {
		if (element == null) {
			return;
		}
		if (plural.getElementDescriptor() instanceof EmbeddableValuedModelPart embedded) {
			capture(embedded.getEmbeddableTypeDescriptor(), element, null, null, fixIdentifier);
		}
		else if (plural.getElementDescriptor() instanceof EntityValuedModelPart && cascades) {
			entity(element, fixIdentifier);
		}
	}

	/** The attribute values of one entity or embeddable object, and its identifier for an entity. */
	private record Captured(ManagedMappingType type, Object target, @Nullable Object[] values,
			@Nullable EntityIdentifierMapping identifier, @Nullable Object id) {
	}

	/** A to-one attribute of {@code target} that refers to an entity outside the graph. */
	private record Reference(ManagedMappingType owner, Object target, int index, Object referenced,
			EntityMappingType type, Object id) {
	}

	/**
	 * The elements of a collection (or entries of a map) as they were, from which a plain collection
	 * of the mapped kind is made again: a fresh one for each attempt, never Hibernate's wrapper.
	 */
	private static final class CollectionCopy {

		private final PluralAttributeMapping attribute;

		private final @Nullable List<@Nullable Object> elements;

		private final @Nullable Map<Object, @Nullable Object> entries;

		CollectionCopy(PluralAttributeMapping attribute, Object collection) {
			this.attribute = attribute;
			if (collection instanceof Map<?, ?> map) {
				this.elements = null;
				this.entries = new LinkedHashMap<>(map);
			}
			else if (collection instanceof Object[] array) {
				this.elements = new ArrayList<>(List.of(array));
				this.entries = null;
			}
			else {
				this.elements = new ArrayList<>((Collection<?>) collection);
				this.entries = null;
			}
		}

		void forEachElement(Consumer<@Nullable Object> action) {
			if (this.entries != null) {
				this.entries.values().forEach(action);
			}
			else {
				this.elements.forEach(action);
			}
		}

		@SuppressWarnings("unchecked")
		Object fresh() {
			if (this.elements != null && this.attribute.getJavaType().getJavaTypeClass().isArray()) {
				Object[] array = (Object[]) Array.newInstance(this.attribute.getJavaType().getJavaTypeClass().getComponentType(), this.elements.size());
				return this.elements.toArray(array);
			}
			Object raw = this.attribute.getCollectionDescriptor()
				.getCollectionSemantics()
				.instantiateRaw((this.entries != null) ? this.entries.size() : this.elements.size(),
						this.attribute.getCollectionDescriptor());
			if (this.entries != null) {
				((Map<Object, Object>) raw).putAll(this.entries);
			}
			else {
				((Collection<Object>) raw).addAll(this.elements);
			}
			return raw;
		}

	}

}
