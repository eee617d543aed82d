package io.github.timesortedid.insert;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Member;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.hibernate.Session;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.generator.Generator;
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
 * <li>embeddables attribute by attribute (they need no {@code equals()}, and may be records); an
 * embeddable whose attributes are all null equals a null one, as it reads back;</li>
 * <li>to-one references and non-cascaded collection elements by the referenced entity's ID;
 * entities the insert cascades to, on either side of the key (an inverse one-to-one included), by
 * their own data, without their generated IDs (a replayed request makes new child IDs); a
 * reference back to an entity of the insert that is still being compared (a child's parent) by
 * where that entity is in the insert;</li>
 * <li>collections by contents: lists with an order column in order, bags as multisets, sets as
 * sets, maps by entries; a null collection as an empty one.</li>
 * </ul>
 * Not compared: the ID, the {@code @Version}, attributes Hibernate or the database generate (a
 * {@code @TimeSortedId} that is not the ID, {@code @CreationTimestamp}, {@code @Generated}, in an
 * embeddable too), what the insert's persist callbacks set ({@link Insert#setByPersistence()}: a
 * {@code @PrePersist} method, Spring Data auditing), Spring Data's {@code @CreatedDate},
 * {@code @LastModifiedDate}, {@code @CreatedBy} and {@code @LastModifiedBy}, attributes that are not
 * insertable, and inverse collections the insert does not cascade to.
 */
final class StoredForm {

	private static final Set<String> AUDIT_ANNOTATIONS = Set.of("org.springframework.data.annotation.CreatedDate",
			"org.springframework.data.annotation.LastModifiedDate", "org.springframework.data.annotation.CreatedBy",
			"org.springframework.data.annotation.LastModifiedBy");

	private final MappingMetamodelImplementor metamodel;

	private final StoredValues values;

	StoredForm(SessionFactoryImplementor sessionFactory) {
		this.metamodel = sessionFactory.getMappingMetamodel();
		this.values = new StoredValues(sessionFactory);
	}

	/**
	 * Compares a stored row with the entity an insert tried to write.
	 * @param insert the insert
	 * @param stored the entity loaded with the insert's ID, its lazy parts still loadable
	 * @param session the session that loaded it
	 * @return the stored entity, when it holds the same data
	 * @throws InsertConflictException naming what differs: the entity type, or the attributes
	 */
	@SuppressWarnings("unchecked") // of the insert's root type, and checked to be its entity's class
	<T> T requireSame(Insert<T> insert, Object stored, Session session) {
		Class<?> storedClass = (stored instanceof HibernateProxy proxy)
				? proxy.getHibernateLazyInitializer().getPersistentClass() : stored.getClass();
		if (storedClass != insert.entity().getClass()) {
			throw new InsertConflictException(insert.entityName(), insert.id(), List.of("entity type ("
					+ storedClass.getSimpleName() + " stored, " + insert.entity().getClass().getSimpleName() + " inserted)"));
		}
		List<String> differing = differences(insert.entity(), stored, insert.setByPersistence(), session);
		if (!differing.isEmpty()) {
			throw new InsertConflictException(insert.entityName(), insert.id(), differing);
		}
		return (T) stored;
	}

	/**
	 * Lists the attributes whose stored form differs between two instances of an entity.
	 * @param attempted the entity as this insert tried to write it
	 * @param stored the entity as loaded, its lazy parts still loadable
	 * @param skipped attributes not to compare, beyond those this class never compares
	 * @param session the session that loaded the stored entity
	 * @return attribute paths ({@code title}, {@code shipTo.city}, {@code lines}), in mapping order
	 */
	List<String> differences(Object attempted, Object stored, Set<AttributeMapping> skipped, Session session) {
		Map<String, @Nullable Object> mine = new Walk(skipped, session).entity(attempted, "");
		Map<String, @Nullable Object> theirs = new Walk(skipped, session).entity(stored, "");
		List<String> differing = new ArrayList<>();
		mine.forEach((path, value) -> {
			if (!Objects.equals(value, theirs.get(path))) {
				differing.add(path);
			}
		});
		return differing;
	}

	/** An entity reached again while it is compared: a child's reference to its parent, named by the parent's place. */
	private record Ancestor(String place) {
	}

	/** One entity graph turned into its stored form. */
	private final class Walk {

		private final Set<AttributeMapping> skipped;

		private final Session session;

		/** The entities being compared, outermost first, with their place in the insert: nothing to do with equals(). */
		private final Map<Object, String> open = new IdentityHashMap<>();

		Walk(Set<AttributeMapping> skipped, Session session) {
			this.skipped = skipped;
			this.session = session;
		}

		/** The compared attributes of an entity, by path. */
		Map<String, @Nullable Object> entity(Object entity, String place) {
			Object target = unproxy(entity);
			EntityMappingType type = StoredForm.this.metamodel.getEntityDescriptor(target.getClass());
			Map<String, @Nullable Object> form = new LinkedHashMap<>();
			this.open.put(target, place);
			attributes(type, target, "", place, form);
			this.open.remove(target);
			return form;
		}

		private void attributes(ManagedMappingType type, @Nullable Object target, String path, String place,
				Map<String, @Nullable Object> form) {
			@Nullable EntityMappingType entity = (type instanceof EntityMappingType mapped) ? mapped : null;
			for (int i = 0; i < type.getNumberOfAttributeMappings(); i++) {
				AttributeMapping attribute = type.getAttributeMapping(i);
				if (isCompared(attribute, entity)) {
					@Nullable Object value = (target != null) ? attribute.getValue(target) : null;
					attribute(attribute, value, path + attribute.getAttributeName(), place, form);
				}
			}
		}

		private void attribute(AttributeMapping attribute, @Nullable Object value, String path, String place,
				Map<String, @Nullable Object> form) {
			boolean cascades = InsertGraph.cascadesPersist(attribute);
			if (attribute instanceof PluralAttributeMapping plural) {
				form.put(path, collection(plural, value, cascades, place + path + "[]"));
			}
			else if (attribute instanceof EmbeddableValuedModelPart embedded) {
				// flattened, so that an all-null embeddable equals a null one and a difference names its part
				attributes(embedded.getEmbeddableTypeDescriptor(), value, path + ".", place, form);
			}
			else if (attribute instanceof EntityValuedModelPart) {
				form.put(path, reference(value, cascades, place + path));
			}
			else {
				form.put(path, StoredForm.this.values.of((BasicValuedModelPart) attribute, value, this.session));
			}
		}

		private boolean isCompared(AttributeMapping attribute, @Nullable EntityMappingType entity) {
			if (this.skipped.contains(attribute) || isGenerated(attribute, entity != null) || isAudit(attribute)) {
				return false;
			}
			if (entity != null && entity.getVersionMapping() != null
					&& entity.getVersionMapping().getVersionAttribute() == attribute) {
				return false;
			}
			boolean cascades = InsertGraph.cascadesPersist(attribute);
			if (attribute instanceof PluralAttributeMapping plural) {
				return cascades || !plural.getCollectionDescriptor().isInverse();
			}
			// the inverse side of a one-to-one has no column, but what it cascades to is the insert's data
			return attribute.getAttributeMetadata().isInsertable()
					|| (cascades && attribute instanceof EntityValuedModelPart);
		}

		private Object collection(PluralAttributeMapping plural, @Nullable Object value, boolean cascades, String place) {
			CollectionPart element = plural.getElementDescriptor();
			switch (plural.getCollectionDescriptor().getCollectionSemantics().getCollectionClassification()) {
				case MAP, SORTED_MAP, ORDERED_MAP -> {
					Map<@Nullable Object, @Nullable Object> entries = new HashMap<>();
					if (value != null) {
						((Map<?, ?>) value).forEach((key, entryValue) -> entries.put(
								part(plural.getIndexDescriptor(), key, false, place), part(element, entryValue, cascades, place)));
					}
					return entries;
				}
				case LIST, ARRAY -> {
					List<@Nullable Object> list = new ArrayList<>();
					elements(value).forEach(item -> list.add(part(element, item, cascades, place)));
					return list;
				}
				case SET, SORTED_SET, ORDERED_SET -> {
					Set<@Nullable Object> set = new HashSet<>();
					elements(value).forEach(item -> set.add(part(element, item, cascades, place)));
					return set;
				}
				default -> {
					// a bag: neither order nor uniqueness is kept, so the multiset of elements is what is stored
					Map<@Nullable Object, Integer> counts = new HashMap<>();
					elements(value).forEach(item -> counts.merge(part(element, item, cascades, place), 1, Integer::sum));
					return counts;
				}
			}
		}

		private @Nullable Object part(CollectionPart part, @Nullable Object value, boolean cascades, String place) {
			if (part instanceof EmbeddableValuedModelPart embedded) {
				Map<String, @Nullable Object> form = new LinkedHashMap<>();
				attributes(embedded.getEmbeddableTypeDescriptor(), value, "", place, form);
				return form;
			}
			if (part instanceof EntityValuedModelPart) {
				return reference(value, cascades, place);
			}
			return StoredForm.this.values.of((BasicValuedModelPart) part, value, this.session);
		}

		/** A cascaded entity by its own data (or, if it is being compared, by its place); any other by its ID, never loading it. */
		private @Nullable Object reference(@Nullable Object entity, boolean cascades, String place) {
			if (entity == null) {
				return null;
			}
			if (cascades) {
				String ancestor = this.open.get(unproxy(entity));
				return (ancestor != null) ? new Ancestor(ancestor) : entity(entity, place);
			}
			if (entity instanceof HibernateProxy proxy) {
				return proxy.getHibernateLazyInitializer().getInternalIdentifier();
			}
			return StoredForm.this.metamodel.getEntityDescriptor(entity.getClass())
				.getIdentifierMapping()
				.getIdentifier(entity);
		}

	}

	/**
	 * Whether Hibernate or the database makes the attribute's value on insert. An entity's own
	 * attribute says so through its generator; an embeddable's attribute cannot (Hibernate 7 answers
	 * {@code getGenerator()} from the entity's generators at the attribute's position inside the
	 * embeddable), so its annotations tell, as they tell Hibernate: a generator annotation is
	 * meta-annotated with {@link ValueGenerationType} or {@link IdGeneratorType}.
	 */
	private static boolean isGenerated(AttributeMapping attribute, boolean ofEntity) {
		if (ofEntity) {
			if (attribute instanceof EmbeddableValuedModelPart) {
				// generated parts of an embeddable are told apart one by one, inside it
				return false;
			}
			Generator generator = attribute.getGenerator();
			return generator != null && generator.generatesOnInsert();
		}
		for (Annotation annotation : annotations(attribute)) {
			Class<? extends Annotation> type = annotation.annotationType();
			if (type.isAnnotationPresent(ValueGenerationType.class) || type.isAnnotationPresent(IdGeneratorType.class)) {
				return true;
			}
		}
		return false;
	}

	private static boolean isAudit(AttributeMapping attribute) {
		for (Annotation annotation : annotations(attribute)) {
			if (AUDIT_ANNOTATIONS.contains(annotation.annotationType().getName())) {
				return true;
			}
		}
		return false;
	}

	private static Annotation[] annotations(AttributeMapping attribute) {
		Member member = attribute.getPropertyAccess().getGetter().getMember();
		return (member instanceof AnnotatedElement annotated) ? annotated.getAnnotations() : new Annotation[0];
	}

	private static Collection<?> elements(@Nullable Object value) {
		if (value == null) {
			return List.of();
		}
		return (value instanceof Object[] array) ? Arrays.asList(array) : (Collection<?>) value;
	}

	private static Object unproxy(Object entity) {
		return (entity instanceof HibernateProxy proxy) ? proxy.getHibernateLazyInitializer().getImplementation() : entity;
	}

}
