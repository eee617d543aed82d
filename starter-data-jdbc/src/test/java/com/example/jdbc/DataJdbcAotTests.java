package com.example.jdbc;

import io.github.timesortedid.autoconfigure.ApplicationTypedIds;
import io.github.timesortedid.insert.AggregateInsertRepositoryImpl;
import io.github.timesortedid.insert.RetrySafeAggregateInserter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.javapoet.ClassName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ahead-of-time processing of an application with nothing but this starter, as
 * {@code spring-boot:process-aot} runs it for a native image: the hints it gives cover what the
 * library reaches reflectively in a Spring Data JDBC application.
 */
class DataJdbcAotTests {

	private static RuntimeHints hints;

	@BeforeAll
	static void processAheadOfTime() {
		new ApplicationContextRunner().withUserConfiguration(JdbcApplication.class)
			.withPropertyValues("spring.datasource.generate-unique-name=true")
			.prepare(context -> {
				DefaultGenerationContext generation = new DefaultGenerationContext(
						new ClassNameGenerator(ClassName.get(JdbcApplication.class)), new InMemoryGeneratedFiles());
				new ApplicationContextAotGenerator()
					.processAheadOfTime((GenericApplicationContext) context.getSourceApplicationContext(), generation);
				// what Spring Boot's AOT processing adds to the application context's: every registrar of aot.factories
				ClassLoader classLoader = DataJdbcAotTests.class.getClassLoader();
				AotServices.factories(classLoader)
					.load(RuntimeHintsRegistrar.class)
					.forEach(registrar -> registrar.registerHints(generation.getRuntimeHints(), classLoader));
				hints = generation.getRuntimeHints();
			});
	}

	@Test
	void theTypedIdOfAnAggregateCanBeMadeFromItsText() throws NoSuchMethodException {
		// TypedIds finds the (String) constructor by a reflective lookup; the converters and the web edges use it
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(TicketId.class.getDeclaredConstructor(String.class))).accepts(hints);
	}

	@Test
	void theConvertersOfANativeImageFindTheTypedIdsTheBuildRecorded() {
		// a native image cannot scan its classpath for the typed IDs that get converters
		assertThat(RuntimeHintsPredicates.resource().forResource(ApplicationTypedIds.RECORDED)).accepts(hints);
	}

	@Test
	void theInsertFragmentCanBeMade() throws NoSuchMethodException {
		// Spring Data instantiates the fragment named in META-INF/spring.factories for TicketInserts
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(
					AggregateInsertRepositoryImpl.class.getConstructor(RetrySafeAggregateInserter.class)))
			.accepts(hints);
	}

}
