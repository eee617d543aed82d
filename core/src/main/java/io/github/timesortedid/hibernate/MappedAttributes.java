package io.github.timesortedid.hibernate;

import io.github.timesortedid.model.FieldDeclaration;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.jspecify.annotations.Nullable;

/** Reads the model's view of an attribute from Hibernate's boot model. */
final class MappedAttributes {

	private MappedAttributes() {
	}

	/**
	 * Reads the declaration of an attribute from the boot model.
	 * @return the declaration, or {@code null} if the attribute has no {@code @TimeSortedId}
	 */
	static @Nullable FieldDeclaration declaration(PersistentClass entity, Property property) {
		Column column = column(property);
		return FieldDeclaration.of(entity.getJpaEntityName(), entity.getMappedClass(), property.getName(),
				entity.getIdentifierProperty() == property, (column != null) ? column.getLength() : null);
	}

	/**
	 * Returns the single column an attribute maps to.
	 * @return the column, or {@code null} if the attribute maps to several columns or a formula
	 */
	static @Nullable Column column(Property property) {
		return (property.getValue().getSelectables().size() == 1
				&& property.getValue().getSelectables().get(0) instanceof Column column) ? column : null;
	}

}
