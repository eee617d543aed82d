package io.github.timesortedid.hibernate;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.EnumSet;

import io.github.timesortedid.TimeSortedId;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;

/**
 * The Hibernate generator behind {@link TimeSortedId}. Resolves its attribute once, when the
 * session factory is built (so configuration errors stop startup), and then only hands out values:
 * a new one, or the one the application assigned, after checking it.
 * <p>
 * The work happens in {@link #initialize}, not in a constructor taking the annotation: under Spring,
 * Hibernate first asks Spring to create the generator, and Spring would report its own autowiring
 * failure instead of a configuration error thrown by such a constructor.
 */
public final class TimeSortedIdGenerator implements BeforeExecutionGenerator, AnnotationBasedGenerator<TimeSortedId> {

	private static final long serialVersionUID = 1L;

	private transient IdField field;

	private boolean primitive;

	/**
	 * Resolves the attribute; called by Hibernate for each {@code @TimeSortedId} attribute.
	 * @param annotation the attribute's annotation
	 * @param context the mapping context
	 */
	@Override
	public void initialize(TimeSortedId annotation, GeneratorCreationContext context) {
		TimeSortedIdRegistry registry = context.getServiceRegistry().requireService(TimeSortedIdRegistry.class);
		PersistentClass entity = context.getPersistentClass();
		Property property = context.getProperty();
		boolean identifier = entity.getIdentifierProperty() == property;
		String attribute = property.getName();
		Class<?> javaType = javaType(entity.getMappedClass(), attribute);
		this.primitive = javaType.isPrimitive();
		this.field = registry.register(new FieldDeclaration(entity.getJpaEntityName(), entity.getMappedClass(), attribute,
				identifier, annotation.prefix(), annotation.algorithm(), javaType, columnLength(property)));
	}

	/** The declared type of the attribute: of its field, else of its getter. */
	private static Class<?> javaType(Class<?> entityClass, String attribute) {
		for (Class<?> type = entityClass; type != null && type != Object.class; type = type.getSuperclass()) {
			for (Field field : type.getDeclaredFields()) {
				if (field.getName().equals(attribute)) {
					return field.getType();
				}
			}
			String capitalized = Character.toUpperCase(attribute.charAt(0)) + attribute.substring(1);
			for (Method method : type.getDeclaredMethods()) {
				if (method.getParameterCount() == 0
						&& (method.getName().equals("get" + capitalized) || method.getName().equals("is" + capitalized))) {
					return method.getReturnType();
				}
			}
		}
		throw new TimeSortedIdConfigurationException(
				"No field or getter named '" + attribute + "' was found on " + entityClass.getName() + ".",
				"Put @TimeSortedId on a field or on a getter of the entity class.");
	}

	private static Long columnLength(Property property) {
		if (property == null || property.getValue().getSelectables().isEmpty()
				|| !(property.getValue().getSelectables().get(0) instanceof Column)) {
			return null;
		}
		return ((Column) property.getValue().getSelectables().get(0)).getLength();
	}

	/**
	 * Returns the attribute this generator serves.
	 * @return the resolved attribute
	 */
	public IdField getField() {
		return this.field;
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
			EventType eventType) {
		boolean unset = currentValue == null || (this.primitive && ((Long) currentValue) == 0L);
		return unset ? this.field.next() : this.field.checkAssigned(currentValue);
	}

	@Override
	public EnumSet<EventType> getEventTypes() {
		return EventTypeSets.INSERT_ONLY;
	}

	@Override
	public boolean allowAssignedIdentifiers() {
		return true;
	}

}
