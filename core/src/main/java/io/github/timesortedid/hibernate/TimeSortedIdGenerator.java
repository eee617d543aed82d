package io.github.timesortedid.hibernate;

import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.EnumSet;

import io.github.timesortedid.TimeSortedId;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
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
 */
public final class TimeSortedIdGenerator implements BeforeExecutionGenerator {

	private static final long serialVersionUID = 1L;

	private final transient IdField field;

	private final boolean primitive;

	/**
	 * Called by Hibernate for each {@code @TimeSortedId} attribute.
	 * @param annotation the attribute's annotation
	 * @param member the field or getter
	 * @param context the mapping context
	 */
	public TimeSortedIdGenerator(TimeSortedId annotation, Member member, GeneratorCreationContext context) {
		TimeSortedIdRegistry registry = context.getServiceRegistry().requireService(TimeSortedIdRegistry.class);
		Class<?> javaType = (member instanceof Field) ? ((Field) member).getType() : ((Method) member).getReturnType();
		PersistentClass entity = context.getPersistentClass();
		Property property = context.getProperty();
		boolean identifier = property != null && entity.getIdentifierProperty() == property;
		String attribute = (property != null) ? property.getName() : member.getName();
		this.primitive = javaType.isPrimitive();
		this.field = registry.register(new FieldDeclaration(entity.getJpaEntityName(), entity.getMappedClass(), attribute,
				identifier, annotation.prefix(), annotation.algorithm(), javaType, columnLength(property)));
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
