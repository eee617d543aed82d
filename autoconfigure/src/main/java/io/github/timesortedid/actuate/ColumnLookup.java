package io.github.timesortedid.actuate;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.MappedColumns;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.EntityMappingType;
import org.jspecify.annotations.Nullable;

/**
 * Finds the table and column of an attribute in Hibernate's mapping model, for the endpoint: the
 * JPA side of {@link MappedColumns}.
 */
final class ColumnLookup implements MappedColumns {

	private final @Nullable SessionFactoryImplementor sessionFactory;

	ColumnLookup(@Nullable EntityManagerFactory entityManagerFactory) {
		this.sessionFactory = (entityManagerFactory != null) ? entityManagerFactory.unwrap(SessionFactoryImplementor.class)
				: null;
	}

	/**
	 * Returns the table and column of an attribute.
	 * @param field the attribute
	 * @return the column, or {@code null} without a session factory, for an attribute of another
	 * integration or for a mapping without one column
	 */
	@Override
	public @Nullable MappedColumn columnOf(IdField field) {
		if (this.sessionFactory == null) {
			return null;
		}
		EntityMappingType entity = this.sessionFactory.getMappingMetamodel().findEntityDescriptor(field.entityClass());
		if (entity == null) {
			return null;
		}
		AttributeMapping attribute = entity.findAttributeMapping(field.attribute());
		BasicValuedModelPart column = (attribute instanceof BasicValuedModelPart basic) ? basic
				: (field.isIdentifier() && entity.getIdentifierMapping() instanceof BasicValuedModelPart id) ? id : null;
		return (column != null) ? new MappedColumn(column.getContainingTableExpression(), column.getSelectionExpression())
				: null;
	}

}
