package io.github.timesortedid.aot;

import java.util.List;

import io.github.timesortedid.aot.fixtures.AuthorId;
import io.github.timesortedid.aot.fixtures.CommentId;
import io.github.timesortedid.aot.fixtures.Ticket;
import io.github.timesortedid.aot.fixtures.TicketId;
import io.github.timesortedid.aot.fixtures.UnusedId;
import io.github.timesortedid.testsupport.HintsOnly;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.javapoet.ClassName;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypesScanner;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

class TypedIdBeanFactoryInitializationAotProcessorTests {

	/** What Spring Boot's JPA auto-configuration finds in the fixtures' package: four entity classes. */
	private static final PersistenceManagedTypes FIXTURES = new PersistenceManagedTypesScanner(
			new DefaultResourceLoader()).scan(Ticket.class.getPackageName());

	@Test
	void scansTheFixturesAsSpringBootDoes() {
		assertThat(FIXTURES.getManagedClassNames()).extracting(ClassUtils::getShortName)
			.containsExactlyInAnyOrder("Audited", "Comment", "Label", "Ticket");
	}

	@Test
	void declaresTheStringConstructorOfATypedIdKey() throws NoSuchMethodException {
		// Ticket has no getters: only its field names TicketId
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(TicketId.class.getDeclaredConstructor(String.class))).accepts(process(FIXTURES));
	}

	@Test
	void declaresTheTypedIdOfAGenericBaseEntity() throws NoSuchMethodException {
		// declared as Audited<ID extends TypedId>.id, bound to CommentId by Comment extends Audited<CommentId>
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(CommentId.class.getDeclaredConstructor(String.class))).accepts(process(FIXTURES));
	}

	@Test
	void declaresTypedIdColumnsThatAreNotKeys() throws NoSuchMethodException {
		// Comment.author is an AuthorId column without @TimeSortedId: Hibernate reads it through the constructor too
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(AuthorId.class.getDeclaredConstructor(String.class))).accepts(process(FIXTURES));
	}

	@Test
	void declaresAPackagePrivateConstructor() throws ClassNotFoundException, NoSuchMethodException {
		Class<?> labelId = ClassUtils.forName(Ticket.class.getPackageName() + ".LabelId", null);
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(labelId.getDeclaredConstructor(String.class))).accepts(process(FIXTURES));
	}

	@Test
	void declaresOnlyTheTypedIdsOfTheEntities() {
		RuntimeHints hints = process(FIXTURES);
		assertThat(RuntimeHintsPredicates.reflection().onType(UnusedId.class)).rejects(hints);
		// the entities are Spring's JPA support's to declare, not repeated here
		assertThat(RuntimeHintsPredicates.reflection().onType(Ticket.class)).rejects(hints);
	}

	@Test
	void readsEveryPersistenceUnit() throws NoSuchMethodException {
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		register(beanFactory, "tickets", PersistenceManagedTypes.of(Ticket.class.getName()));
		register(beanFactory, "comments",
				PersistenceManagedTypes.of(Ticket.class.getPackageName() + ".Audited", Ticket.class.getPackageName() + ".Comment"));
		RuntimeHints hints = apply(new TypedIdBeanFactoryInitializationAotProcessor().processAheadOfTime(beanFactory));
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(TicketId.class.getDeclaredConstructor(String.class))).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(CommentId.class.getDeclaredConstructor(String.class))).accepts(hints);
	}

	@Test
	void contributesNothingWithoutTypedIds() {
		assertThat(new TypedIdBeanFactoryInitializationAotProcessor().processAheadOfTime(new DefaultListableBeanFactory()))
			.isNull();
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		register(beanFactory, "persistenceManagedTypes", PersistenceManagedTypes.of(List.of(), List.of()));
		assertThat(new TypedIdBeanFactoryInitializationAotProcessor().processAheadOfTime(beanFactory)).isNull();
	}

	private static RuntimeHints process(PersistenceManagedTypes types) {
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		register(beanFactory, "persistenceManagedTypes", types);
		return apply(new TypedIdBeanFactoryInitializationAotProcessor().processAheadOfTime(beanFactory));
	}

	/** Registered as Spring Boot's auto-configuration does: a bean definition, created on demand. */
	private static void register(DefaultListableBeanFactory beanFactory, String name, PersistenceManagedTypes types) {
		beanFactory.registerBeanDefinition(name, new RootBeanDefinition(PersistenceManagedTypes.class, () -> types));
	}

	private static RuntimeHints apply(BeanFactoryInitializationAotContribution contribution) {
		assertThat(contribution).isNotNull();
		DefaultGenerationContext generation = new DefaultGenerationContext(
				new ClassNameGenerator(ClassName.get(TypedIdBeanFactoryInitializationAotProcessorTests.class)),
				new InMemoryGeneratedFiles());
		contribution.applyTo(generation, new HintsOnly());
		return generation.getRuntimeHints();
	}

}
