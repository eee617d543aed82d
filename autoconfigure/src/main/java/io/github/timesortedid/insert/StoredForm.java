package io.github.timesortedid.insert;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Member;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.hibernate.dialect.Dialect;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.CollectionPart;
import org.hibernate.metamodel.mapping.EmbeddableValuedModelPart;
import org.hibernate.metamodel.mapping.EntityMappingType;
import org.hibernate.metamodel.mapping.EntityValuedModelPart;
import org.hibernate.metamodel.mapping.ManagedMappingType;
import org.hibernate.metamodel.mapping.PluralAttributeMapping;
import org.hibernate.metamodel.spi.MappingMetamodelImplementor;
import org.hibernate.proxy.HibernateProxy;
import org.jspecify.annotations.Nullable;

/**
 * An entity's data in the form the database keeps it, so that a replay is compared with the stored
 * row as the database would see the two, not as Java does:
 * <ul>
 * <li>basic values as their columns keep them ({@link StoredValues});</li>
 * <li>embeddables attribute by attribute (they need no {@code equals()}); an embeddable whose
 * attributes are all null equals a null one, as it reads back;</li>
 * <li>to-one references and non-cascaded collection elements by the referenced entity's ID;
 * entities the insert cascades to by their own data, without their generated IDs (a replayed
 * request makes new child IDs);</li>
 * <li>collections by contents: lists with an order column in order, bags as multisets, sets as
 * sets, maps by entries; a null collection as an empty one.</li>
 * </ul>
 * Not compared: the ID, the {@code @Version}, attributes Hibernate or the database generate (a
 * {@code @TimeSortedId} that is not the ID, {@code @CreationTimestamp}, {@code @Generated}), Spring
 * Data's {@code @CreatedDate} and {@code @LastModifiedDate}, attributes that are not insertable, and
 * inverse collections the insert does not cascade to.
 */
final class StoredForm {

	private static final Set<String> AUDIT_ANNOTATIONS = Set.of("org.springframework.data.annotation.CreatedDate",
			"org.springframework.data.annotation.LastModifiedDate");

	private final MappingMetamodelImplementor metamodel;

	private final StoredValues values;

	StoredForm(MappingMetamodelImplementor metamodel, Dialect dialect) {
		this.metamodel = metamodel;
		this.values = new StoredValues(dialect);
	}

	/**
	 * Compares a stored row with the entity an insert tried to write.
	 * @param insert the insert
	 * @param stored the entity loaded with the insert's ID, its lazy parts still loadable
	 * @return the stored entity, when it holds the same data
	 * @throws InsertConflictException naming what differs: the entity type, or the attributes
	 */
	@SuppressWarnings("unchecked") // of the insert's root type, and checked to be its entity's class
	<T> T requireSame(Insert<T> insert, Object stored) {
		Class<?> storedClass = (stored instanceof HibernateProxy proxy)
				? proxy.getHibernateLazyInitializer().getPersistentClass() : stored.getClass();
		if (storedClass != insert.entity().getClass()) {
			throw new InsertConflictException(insert.entityName(), insert.id(), List.of("entity type ("
					+ storedClass.getSimpleName() + " stored, " + insert.entity().getClass().getSimpleName() + " inserted)"));
		}
		List<String> differing = differences(insert.entity(), stored);
		if (!differing.isEmpty()) {
			throw new InsertConflictException(insert.entityName(), insert.id(), differing);
		}
		return (T) stored;
	}

	/**
	 * Lists the attributes whose stored form differs between two instances of an entity.
	 * @param attempted the entity as this insert tried to write it
	 * @param stored the entity as loaded, its lazy parts still loadable
	 * @return attribute paths ({@code title}, {@code shipTo.city}, {@code lines}), in mapping order
	 */
	List<String> differences(Object attempted, Object stored) {
		Map<String, @Nullable Object> mine = of(attempted);
		Map<String, @Nullable Object> theirs = of(stored);
		List<String> differing = new ArrayList<>();
		mine.forEach((path, value) -> {
			if (!Objects.equals(value, theirs.get(path))) {
				differing.add(path);
			}
		});
		return differing;
	}

	/** The compared attributes of an entity, by path. */
	Map<String, @Nullable Object> of(Object entity) {
		Object target = unproxy(entity);
		EntityMappingType type = this.metamodel.getEntityDescriptor(target.getClass());
		Map<String, @Nullable Object> form = new LinkedHashMap<>();
		attributes(type, target, "", form);
		return form;
	}

	private void attributes(ManagedMappingType type, @Nullable Object target, String path,
			Map<String, @Nullable Object> form) {
		@Nullable EntityMappingType entity = (type instanceof EntityMappingType mapped) ? mapped : null;
		for (int i = 0; i < type.getNumberOfAttributeMappings(); i++) {
			AttributeMapping attribute = type.getAttributeMapping(i);
			if (isCompared(attribute, entity)) {
				@Nullable Object value = (target != null) ? attribute.getValue(target) : null;
				attribute(attribute, value, path + attribute.getAttributeName(), form);
			}
		}
	}

	private void attribute(AttributeMapping attribute, @Nullable Object value, String path,
			Map<String, @Nullable Object> form) {
		boolean cascades = InsertGraph.cascadesPersist(attribute);
		if (attribute instanceof PluralAttributeMapping plural) {
			form.put(path, collection(plural, value, cascades));
		}
		else if (attribute instanceof EmbeddableValuedModelPart embedded) {
			// flattened, so that an all-null embeddable equals a null one and a difference names its part
			attributes(embedded.getEmbeddableTypeDescriptor(), value, path + ".", form);
		}
		else if (attribute instanceof EntityValuedModelPart) {
			form.put(path, reference(value, cascades));
		}
		else {
			form.put(path, this.values.of((BasicValuedModelPart) attribute, value));
		}
	}

	private boolean isCompared(AttributeMapping attribute, @Nullable EntityMappingType entity) {
		if (entity != null && entity.getVersionMapping() != null
				&& entity.getVersionMapping().getVersionAttribute() == attribute) {
			return false;
		}
		if ((attribute.getGenerator() != null && attribute.getGenerator().generatesOnInsert())
				|| !attribute.getAttributeMetadata().isInsertable()) {
			return false;
		}
		if (attribute instanceof PluralAttributeMapping plural && plural.getCollectionDescriptor().isInverse()
				&& !InsertGraph.cascadesPersist(attribute)) {
			return false;
		}
		Member member = attribute.getPropertyAccess().getGetter().getMember();
		if (member instanceof AnnotatedElement annotated) {
			for (var annotation : annotated.getAnnotations()) {
				if (AUDIT_ANNOTATIONS.contains(annotation.annotationType().getName())) {
					return false;
				}
			}
		}
		return true;
	}

	private Object collection(PluralAttributeMapping plural, @Nullable Object value, boolean cascades) {
		CollectionPart element = plural.getElementDescriptor();
		switch (plural.getCollectionDescriptor().getCollectionSemantics().getCollectionClassification()) {
			case MAP, SORTED_MAP, ORDERED_MAP -> {
				Map<@Nullable Object, @Nullable Object> entries = new HashMap<>();
				if (value != null) {
					((Map<?, ?>) value).forEach((key, entryValue) -> entries.put(part(plural.getIndexDescriptor(), key, false),
							part(element, entryValue, cascades)));
				}
				return entries;
			}
			case LIST, ARRAY -> {
				List<@Nullable Object> list = new ArrayList<>();
				elements(value).forEach(item -> list.add(part(element, item, cascades)));
				return list;
			}
			case SET, SORTED_SET, ORDERED_SET -> {
				Set<@Nullable Object> set = new HashSet<>();
				elements(value).forEach(item -> set.add(part(element, item, cascades)));
				return set;
			}
			default -> {
				// a bag: neither order nor uniqueness is kept, so the multiset of elements is what is stored
				Map<@Nullable Object, Integer> counts = new HashMap<>();
				elements(value).forEach(item -> counts.merge(part(element, item, cascades), 1, Integer::sum));
				return counts;
			}
		}
	}

	private static Collection<?> elements(@Nullable Object value) {
		if (value == null) {
			return List.of();
		}
		return (value instanceof Object[] array) ? List.of(array) : (Collection<?>) value;
	}

	private @Nullable Object part(CollectionPart part, @Nullable Object value, boolean cascades) {
		if (part instanceof EmbeddableValuedModelPart embedded) {
			Map<String, @Nullable Object> form = new LinkedHashMap<>();
			attributes(embedded.getEmbeddableTypeDescriptor(), value, "", form);
			return form;
		}
		if (part instanceof EntityValuedModelPart) {
			return reference(value, cascades);
		}
		return this.values.of((BasicValuedModelPart) part, value);
	}

	/** A cascaded entity by its own data; any other by its ID, never loading it. */
	private @Nullable Object reference(@Nullable Object entity, boolean cascades) {
		if (entity == null) {
			return null;
		}
		if (cascades) {
			return of(entity);
		}
		if (entity instanceof HibernateProxy proxy) {
			return proxy.getHibernateLazyInitializer().getInternalIdentifier();
		}
		return this.metamodel.getEntityDescriptor(entity.getClass()).getIdentifierMapping().getIdentifier(entity);
	}

	private static Object unproxy(Object entity) {
		return (entity instanceof HibernateProxy proxy) ? proxy.getHibernateLazyInitializer().getImplementation() : entity;
	}

}
