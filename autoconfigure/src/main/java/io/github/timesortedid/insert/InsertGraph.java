package io.github.timesortedid.insert;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;

import org.hibernate.engine.spi.CascadingActions;
import org.hibernate.jpa.event.spi.CallbackRegistry;
import org.hibernate.jpa.event.spi.CallbackType;
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
	 * Runs the persist callbacks of every entity of the graph ({@code @PrePersist} methods and entity
	 * listeners such as Spring Data's auditing), sees which attributes they change, and puts the
	 * caller's state back. What a callback sets on persist is the persistence layer's, not the
	 * caller's data: a replay sets it anew (a {@code createdAt = Instant.now()}, the current auditor).
	 * @param callbacks Hibernate's callbacks, run the way a persist runs them
	 * @return the attributes a callback changed, of entities and their embeddables
	 */
	Set<AttributeMapping> setByCallbacks(CallbackRegistry callbacks) {
		Set<AttributeMapping> changed = Collections.newSetFromMap(new IdentityHashMap<>());
		boolean ran = false;
		for (Captured state : this.captured) {
			if (state.entity() && callbacks.hasRegisteredCallbacks(state.target().getClass(), CallbackType.PRE_PERSIST)) {
				callbacks.preCreate(state.target());
				ran = true;
			}
		}
		if (!ran) {
			return changed;
		}
		for (Captured state : this.captured) {
			@Nullable Object[] now = state.type().getValues(state.target());
			for (int i = 0; i < now.length; i++) {
				@Nullable Object before = state.values()[i];
				boolean same = (before instanceof CollectionCopy copy) ? copy.holds(now[i]) : Objects.equals(before, now[i]);
				if (!same) {
					changed.add(state.type().getAttributeMapping(i));
				}
			}
		}
		if (!changed.isEmpty()) {
			restore();
		}
		return changed;
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
		capture(type, entity, true, simple ? identifier : null, simple ? identifier.getIdentifier(entity) : null,
				fixIdentifier);
	}

	private void embeddable(EmbeddableValuedModelPart embedded, Object value, Consumer<Object> fixIdentifier) {
		capture(embedded.getEmbeddableTypeDescriptor(), value, false, null, null, fixIdentifier);
	}

	private void capture(ManagedMappingType type, Object target, boolean entity,
			@Nullable EntityIdentifierMapping identifier, @Nullable Object id, Consumer<Object> fixIdentifier) {
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
				embeddable(embedded, value, fixIdentifier);
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
		// a record cannot be written to, nor can a persist change it: the reference its owner holds is all
		// there is to restore (the entities it holds are captured on their own)
		if (!target.getClass().isRecord()) {
			this.captured.add(new Captured(type, target, entity, values, identifier, id));
		}
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
			embeddable(embedded, element, fixIdentifier);
		}
		else if (plural.getElementDescriptor() instanceof EntityValuedModelPart && cascades) {
			entity(element, fixIdentifier);
		}
	}

	/** The attribute values of one entity or embeddable object, and its identifier for an entity with a simple one. */
	private record Captured(ManagedMappingType type, Object target, boolean entity, @Nullable Object[] values,
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
				this.elements = new ArrayList<>(Arrays.asList(array));
				this.entries = null;
			}
			else {
				this.elements = new ArrayList<>((Collection<?>) collection);
				this.entries = null;
			}
		}

		/** Whether a collection holds just the elements (or entries) copied, the same instances. */
		boolean holds(@Nullable Object collection) {
			if (collection instanceof Map<?, ?> map) {
				return map.equals(this.entries);
			}
			if (this.elements == null || collection == null) {
				return false;
			}
			List<?> now = (collection instanceof Object[] array) ? Arrays.asList(array)
					: new ArrayList<>((Collection<?>) collection);
			return now.equals(this.elements);
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
