package io.github.timesortedid.hibernate;

import java.util.ArrayList;
import java.util.List;

import org.hibernate.boot.Metadata;
import org.hibernate.mapping.Collection;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.ManyToOne;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.SimpleValue;
import org.hibernate.mapping.Table;
import org.hibernate.mapping.Value;

/**
 * A column that holds another entity's ID without a foreign key constraint: a
 * {@code @ForeignKey(ConstraintMode.NO_CONSTRAINT)} on a {@code @ManyToOne}, a join table or a
 * collection's key, as a reference to a row on another shard or in another database has. Hibernate
 * makes no {@code ForeignKey} for such a column (its value is not "constrained"), so the columns the
 * constraints name miss it; it holds the referenced IDs all the same.
 * @param table the table that holds the column
 * @param column the column
 * @param entityName the entity whose ID it holds
 */
record UnconstrainedReference(Table table, Column column, String entityName) {

	/** Every single-column reference by ID of the mapping that has no constraint. */
	static List<UnconstrainedReference> of(Metadata metadata) {
		List<UnconstrainedReference> references = new ArrayList<>();
		for (PersistentClass entity : metadata.getEntityBindings()) {
			for (Property property : entity.getProperties()) {
				addManyToOne(references, property.getValue());
			}
		}
		for (Collection collection : metadata.getCollectionBindings()) {
			// the owning side maps the columns of an inverse (mappedBy) collection
			if (collection.isInverse()) {
				continue;
			}
			addManyToOne(references, collection.getElement());
			if (collection.getReferencedPropertyName() == null && collection.getKey() instanceof SimpleValue key) {
				add(references, key, collection.getOwnerEntityName());
			}
		}
		return references;
	}

	/**
	 * A {@code @ManyToOne}, and an owning {@code @OneToOne}, which Hibernate maps as one; not a
	 * reference to another attribute than the ID ({@code referencedColumnName}).
	 */
	private static void addManyToOne(List<UnconstrainedReference> references, Value value) {
		if (value instanceof ManyToOne manyToOne && manyToOne.getReferencedPropertyName() == null) {
			add(references, manyToOne, manyToOne.getReferencedEntityName());
		}
	}

	private static void add(List<UnconstrainedReference> references, SimpleValue value, String entityName) {
		// a formula is no column; a constrained value has its ForeignKey
		if (!value.isForeignKeyEnabled() && value.getColumnSpan() == 1 && value.getColumns().size() == 1) {
			references.add(new UnconstrainedReference(value.getTable(), value.getColumns().get(0), entityName));
		}
	}

}
