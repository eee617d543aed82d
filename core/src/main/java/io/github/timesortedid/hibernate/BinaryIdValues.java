package io.github.timesortedid.hibernate;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.FieldDeclaration;
import io.github.timesortedid.model.IdValueType;
import org.hibernate.mapping.BasicValue;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.Component;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.ToOne;
import org.hibernate.mapping.Value;
import org.hibernate.type.descriptor.java.BasicJavaType;
import org.jspecify.annotations.Nullable;

/**
 * Gives every basic value that holds the IDs of an attribute stored as binary the column type of
 * those IDs: the attribute's own value, and each basic value of another entity that shares its
 * column with an association to the attribute's entity, such as the key of a derived identity
 * ({@code @MapsId} on an {@code @EmbeddedId} or an {@code @Id}, an {@code @IdClass} whose
 * attributes are {@code @Id} associations). Hibernate types an association's column after the key
 * it references, but such a basic value has a type of its own, made from its Java type alone: a
 * {@code String}, which would be a {@code varchar} column holding 16 bytes.
 */
final class BinaryIdValues {

	private final BinaryIdFormat binary;

	private final ColumnFamily family;

	BinaryIdValues(BinaryIdFormat binary, ColumnFamily family) {
		this.binary = binary;
		this.family = family;
	}

	/**
	 * Types one value: the attribute's Java type, which also converts to and from the stored form,
	 * over the database's {@code uuid} or binary type. Hibernate may have resolved the value's type
	 * already, before attribute binders run: it builds the join table of an owning
	 * {@code @ManyToMany} first and asks the target's key for its type on the way. Such a value is
	 * resolved again, from a copy with the types set, so that the key and every column that
	 * follows it see the binary type.
	 */
	void type(BasicValue value, Class<?> javaType) {
		BinaryIdFormat form = this.binary;
		int sqlType = Databases.sqlType(this.family);
		value.setExplicitJavaTypeAccess((types) -> new BinaryIdJavaType<>(
				(BasicJavaType<?>) types.getJavaTypeRegistry().resolveDescriptor(javaType), form));
		value.setExplicitJdbcTypeAccess((types) -> new BinaryIdJdbcType(types.getJdbcTypeRegistry().getDescriptor(sqlType)));
		if (value.getResolution() != null) {
			BasicValue retyped = value.copy();
			retyped.resolve();
			value.copyTypeFrom(retyped);
		}
	}

	/**
	 * Types the basic values of every entity that hold the attribute's IDs in the column of an
	 * association to the attribute's entity.
	 * @param entities every entity of the persistence unit
	 * @param target the entity whose attribute it is
	 * @param attribute the attribute, the identifier or a unique attribute associations reference
	 */
	void typeReferences(Iterable<PersistentClass> entities, PersistentClass target, Property attribute) {
		boolean identifier = target.getIdentifierProperty() == attribute;
		for (PersistentClass entity : entities) {
			List<Column> columns = new ArrayList<>();
			List<Held> values = new ArrayList<>();
			collect(entity.getIdentifier(), entity.getMappedClass(), identifierName(entity), target, attribute.getName(),
					identifier, columns, values);
			if (entity.getIdentifierMapper() != null) {
				collect(entity.getIdentifierMapper(), entity.getMappedClass(), null, target, attribute.getName(), identifier,
						columns, values);
			}
			for (Property property : entity.getProperties()) {
				collect(property.getValue(), entity.getMappedClass(), property.getName(), target, attribute.getName(),
						identifier, columns, values);
			}
			for (Held held : values) {
				if (held.value() != attribute.getValue() && columns.contains(held.column())) {
					type(held.value(), held.javaType());
				}
			}
		}
	}

	/** A basic value of text IDs in one column, and its Java type. */
	private record Held(BasicValue value, Column column, Class<?> javaType) {
	}

	private static @Nullable String identifierName(PersistentClass entity) {
		return (entity.getIdentifierProperty() != null) ? entity.getIdentifierProperty().getName() : null;
	}

	/**
	 * Walks a value (through embeddables), gathering the columns of associations to the target's
	 * attribute and the single-column basic values of text IDs that no {@code @TimeSortedId} types.
	 */
	private static void collect(@Nullable Value value, @Nullable Class<?> owner, @Nullable String name,
			PersistentClass target, String attribute, boolean identifier, List<Column> columns, List<Held> values) {
		if (value instanceof Component component) {
			Class<?> componentClass = component.isDynamic() ? null : component.getComponentClass();
			for (Property property : component.getProperties()) {
				collect(property.getValue(), componentClass, property.getName(), target, attribute, identifier, columns,
						values);
			}
		}
		else if (value instanceof ToOne association && references(association, target, attribute, identifier)
				&& association.getColumnSpan() == 1 && association.getSelectables().get(0) instanceof Column column) {
			columns.add(column);
		}
		else if (value instanceof BasicValue basic && owner != null && name != null && basic.getColumnSpan() == 1
				&& basic.getSelectables().get(0) instanceof Column column) {
			AnnotatedElement member = FieldDeclaration.member(owner, name);
			Class<?> javaType = (member != null) ? FieldDeclaration.javaType(owner, member) : null;
			IdValueType valueType = (javaType != null) ? IdValueType.of(javaType) : null;
			if (member != null && valueType != null && valueType.isText() && !member.isAnnotationPresent(TimeSortedId.class)) {
				values.add(new Held(basic, column, javaType));
			}
		}
	}

	/** Whether an association references the attribute: the target's key, or the attribute by name. */
	private static boolean references(ToOne association, PersistentClass target, String attribute, boolean identifier) {
		String entityName = association.getReferencedEntityName();
		PersistentClass referenced = (entityName != null)
				? association.getBuildingContext().getMetadataCollector().getEntityBinding(entityName) : null;
		if (referenced == null || referenced.getRootClass() != target.getRootClass()) {
			return false;
		}
		String property = association.getReferencedPropertyName();
		return (property == null) ? identifier : property.equals(attribute);
	}

}
