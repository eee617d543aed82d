package io.github.timesortedid.hibernate;

import java.lang.reflect.Member;
import java.util.EnumSet;
import java.util.Objects;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.model.FieldDeclaration;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.generator.GeneratorCreationContext;
import org.jspecify.annotations.Nullable;

/**
 * The Hibernate generator behind {@link TimeSortedId}. Resolves its attribute once, when the
 * session factory is built (so configuration errors stop startup), and then only hands out values:
 * a new one, or the one the application assigned, after checking it.
 * <p>
 * The work happens in {@code initialize}, not in a constructor taking the annotation: under Spring,
 * Hibernate first asks Spring to create the generator, and Spring would report its own autowiring
 * failure instead of a configuration error thrown by such a constructor.
 * <p>
 * Both {@code initialize} methods are declared because Hibernate ORM versions call different ones:
 * 7.3 and 7.4 call {@code initialize(annotation, context)}, while 7.1 and 7.2 (Spring Boot 4.0) know
 * only the abstract {@code initialize(annotation, member, context)} and call that. This class is
 * compiled against 7.4, where the three-argument method is a default that does nothing (deprecated
 * for removal since 7.3); without an override here, 7.2 fails with an {@link AbstractMethodError},
 * so the one jar could not serve both lines. Each of these versions calls exactly one of the two.
 */
public final class TimeSortedIdGenerator implements BeforeExecutionGenerator, AnnotationBasedGenerator<TimeSortedId> {

	private static final long serialVersionUID = 1L;

	/** The attribute, from {@code initialize} on: Hibernate creates the generator first. */
	private transient @Nullable IdField field;

	/**
	 * Resolves the attribute; called by Hibernate ORM 7.3 and later for each {@code @TimeSortedId}
	 * attribute.
	 * @param annotation the attribute's annotation
	 * @param context the mapping context
	 */
	@Override
	public void initialize(TimeSortedId annotation, GeneratorCreationContext context) {
		resolve(context);
	}

	/**
	 * Resolves the attribute; called instead of {@link #initialize(TimeSortedId, GeneratorCreationContext)}
	 * by Hibernate ORM 7.1 and 7.2, which pass the annotated member as well.
	 * @param annotation the attribute's annotation
	 * @param member the annotated field or getter; unused, the mapping context names the attribute
	 * @param context the mapping context
	 */
	@Override
	@SuppressWarnings("removal") // deprecated for removal since 7.3, but the only entry point 7.2 has
	public void initialize(TimeSortedId annotation, Member member, GeneratorCreationContext context) {
		resolve(context);
	}

	private void resolve(GeneratorCreationContext context) {
		TimeSortedIdRegistry registry = RegistryService.of(context.getServiceRegistry());
		FieldDeclaration declaration = MappedAttributes.declaration(context.getPersistentClass(), context.getProperty());
		if (declaration == null) {
			throw new TimeSortedIdConfigurationException("No field or getter named '" + context.getProperty().getName()
					+ "' with @TimeSortedId was found on " + context.getPersistentClass().getMappedClass().getName() + ".",
					"Put @TimeSortedId on a field or on a getter of the entity class.");
		}
		this.field = registry.register(declaration);
	}

	/**
	 * Returns the attribute this generator serves.
	 * @return the resolved attribute, or {@code null} before Hibernate has called {@code initialize}
	 */
	public @Nullable IdField getField() {
		return this.field;
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, @Nullable Object currentValue,
			EventType eventType) {
		// Hibernate initializes every generator while it builds the session factory, before any insert
		IdField field = Objects.requireNonNull(this.field, "@TimeSortedId generator used before initialize");
		return field.isUnassigned(currentValue) ? field.next() : field.checkAssigned(currentValue);
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
