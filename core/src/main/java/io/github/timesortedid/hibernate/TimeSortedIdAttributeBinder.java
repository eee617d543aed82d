package io.github.timesortedid.hibernate;

import java.util.Objects;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.FieldDeclaration;
import io.github.timesortedid.model.IdValueType;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.hibernate.binder.AttributeBinder;
import org.hibernate.boot.spi.MetadataBuildingContext;
import org.hibernate.dialect.Dialect;
import org.hibernate.mapping.BasicValue;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;

/**
 * Gives a {@code @TimeSortedId} attribute stored as binary its column type while Hibernate binds
 * the mapping, before it settles the types of the attribute and of the foreign keys that reference
 * it: the attribute keeps its Java type ({@code String} or a typed ID), and the column holds the
 * body's bytes ({@link BinaryIdJdbcType}). Text storage changes nothing here. Hibernate finds this
 * class through {@code @AttributeBinderType} on {@link TimeSortedId} and creates one per attribute.
 */
public final class TimeSortedIdAttributeBinder implements AttributeBinder<TimeSortedId> {

	/** Creates the binder; Hibernate calls this. */
	public TimeSortedIdAttributeBinder() {
	}

	@Override
	public void bind(TimeSortedId annotation, MetadataBuildingContext context, PersistentClass entity, Property property) {
		TimeSortedIdRegistry registry = RegistryService.of(context.getBootstrapContext().getServiceRegistry());
		FieldDeclaration declaration = MappedAttributes.declaration(entity, property);
		IdValueType valueType = (declaration != null) ? IdValueType.of(declaration.javaType()) : null;
		// Long and UUID attributes are a bigint or uuid column already, and are left to the generator
		if (declaration == null || valueType == null || !valueType.isText()
				|| registry.storage(declaration) != IdStorage.BINARY) {
			return;
		}
		// resolved now rather than when the generator starts: the column's type depends on the format
		BinaryIdFormat binary = Objects.requireNonNull(registry.register(declaration).binary(),
				"a text attribute stored as binary has a binary form, or its resolution fails");
		if (!(property.getValue() instanceof BasicValue value)) {
			throw new TimeSortedIdConfigurationException(declaration.describe() + " is stored as binary, but maps to "
					+ property.getValue().getClass().getSimpleName() + " rather than one basic column.",
					"Store the attribute as text, or map it to a single column.");
		}
		Column column = MappedAttributes.column(property);
		if (column != null) {
			column.setLength((long) binary.length());
		}
		Dialect dialect = context.getMetadataCollector().getDatabase().getDialect();
		BinaryIdValues values = new BinaryIdValues(binary, ColumnFamily.ofBinary(binary, Databases.of(dialect)));
		values.type(value, declaration.javaType());
		values.typeReferences(context.getMetadataCollector().getEntityBindings(), entity, property);
	}

}
