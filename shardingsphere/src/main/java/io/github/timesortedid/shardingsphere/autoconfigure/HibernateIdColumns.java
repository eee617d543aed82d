package io.github.timesortedid.shardingsphere.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.schema.SchemaCheck;
import io.github.timesortedid.shardingsphere.ShardingRuleCheck;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.MappingMetamodel;
import org.hibernate.metamodel.mapping.Association;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.EntityMappingType;
import org.hibernate.metamodel.mapping.ForeignKeyDescriptor;
import org.hibernate.metamodel.mapping.PluralAttributeMapping;

/**
 * The columns of a JPA persistence unit that hold IDs, read from Hibernate's mapping model once the
 * entity manager factory is up: each {@code @TimeSortedId} attribute's own column, then every
 * single-column foreign key whose target is one of those (a {@code @ManyToOne}, with or without a
 * constraint, a collection's key, a join table's columns), which holds the same IDs. For
 * {@link ShardingRuleCheck}.
 */
final class HibernateIdColumns {

	private HibernateIdColumns() {
	}

	static List<SchemaCheck.Target> of(EntityManagerFactory entityManagerFactory, TimeSortedIdRegistry registry) {
		MappingMetamodel model = entityManagerFactory.unwrap(SessionFactoryImplementor.class).getMappingMetamodel();
		Map<String, SchemaCheck.Target> columns = new LinkedHashMap<>();
		for (IdField field : registry.fields()) {
			EntityMappingType entity = model.findEntityDescriptor(field.entityClass());
			if (entity != null) {
				AttributeMapping attribute = entity.findAttributeMapping(field.attribute());
				BasicValuedModelPart column = (attribute instanceof BasicValuedModelPart basic) ? basic
						: (field.isIdentifier() && entity.getIdentifierMapping() instanceof BasicValuedModelPart id) ? id : null;
				if (column != null) {
					columns.putIfAbsent(key(column), new SchemaCheck.Target(field, column.getContainingTableExpression(),
							column.getSelectionExpression()));
				}
			}
		}
		List<ForeignKeyDescriptor> keys = new ArrayList<>();
		model.forEachEntityDescriptor(entity -> entity.forEachAttributeMapping(attribute -> {
			// a @ManyToOne or @OneToOne; a collection's key, and a join table's element column
			if (attribute instanceof Association association) {
				keys.add(association.getForeignKeyDescriptor());
			}
			else if (attribute instanceof PluralAttributeMapping plural) {
				keys.add(plural.getKeyDescriptor());
				if (plural.getElementDescriptor() instanceof Association element) {
					keys.add(element.getForeignKeyDescriptor());
				}
			}
		}));
		Map<String, SchemaCheck.Target> references = new LinkedHashMap<>();
		for (ForeignKeyDescriptor key : keys) {
			if (key != null && key.getKeyPart() instanceof BasicValuedModelPart column
					&& key.getTargetPart() instanceof BasicValuedModelPart target) {
				SchemaCheck.Target referenced = columns.get(key(target));
				if (referenced != null && !columns.containsKey(key(column))) {
					references.putIfAbsent(key(column), new SchemaCheck.Target(referenced.field(),
							column.getContainingTableExpression(), column.getSelectionExpression(),
							"references " + referenced.field()));
				}
			}
		}
		List<SchemaCheck.Target> all = new ArrayList<>(columns.values());
		all.addAll(references.values());
		return all;
	}

	private static String key(BasicValuedModelPart column) {
		return column.getContainingTableExpression() + "." + column.getSelectionExpression();
	}

}
