package io.github.timesortedid.aot;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import com.example.jdbc.JdbcApplication;
import com.example.jdbc.TicketId;
import io.github.timesortedid.autoconfigure.ApplicationTypedIds;
import io.github.timesortedid.testsupport.HintsOnly;
import org.junit.jupiter.api.Test;
import org.springframework.aot.AotDetector;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.SpringProperties;
import org.springframework.javapoet.ClassName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The typed-ID processor in a Spring Data JDBC application (no JPA, no Hibernate on the classpath):
 * it declares the typed IDs its converters are made for, those of the application's packages, and
 * records them for a native image, whose converters cannot find them by a scan.
 */
class DataJdbcTypedIdAotProcessorTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(JdbcApplication.class)
		.withPropertyValues("spring.datasource.generate-unique-name=true");

	@Test
	void declaresTheTypedIdsOfTheApplicationsPackages() {
		this.runner.prepare(context -> {
			BeanFactoryInitializationAotContribution contribution = process(
					(GenericApplicationContext) context.getSourceApplicationContext());
			assertThat(contribution).as("the processor's contribution in a Spring Data JDBC application").isNotNull();
			DefaultGenerationContext generation = new DefaultGenerationContext(
					new ClassNameGenerator(ClassName.get(JdbcApplication.class)), new InMemoryGeneratedFiles());
			contribution.applyTo(generation, new HintsOnly());
			assertThat(RuntimeHintsPredicates.reflection()
				.onConstructorInvocation(TicketId.class.getDeclaredConstructor(String.class)))
				.accepts(generation.getRuntimeHints());
		});
	}

	@Test
	void recordsThemForTheConvertersOfANativeImageWhichCannotScan() {
		this.runner.prepare(context -> {
			InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
			DefaultGenerationContext generation = new DefaultGenerationContext(
					new ClassNameGenerator(ClassName.get(JdbcApplication.class)), files);
			process((GenericApplicationContext) context.getSourceApplicationContext()).applyTo(generation,
					new HintsOnly());
			String recorded = files.getGeneratedFileContent(Kind.RESOURCE, ApplicationTypedIds.RECORDED);
			assertThat(recorded).isEqualTo(TicketId.class.getName() + "\n");
			assertThat(RuntimeHintsPredicates.resource().forResource(ApplicationTypedIds.RECORDED))
				.accepts(generation.getRuntimeHints());
			// the application run from that build reads the list: a bean factory without packages to scan finds TicketId
			Path build = Files.createTempDirectory("aot-build");
			Path resource = build.resolve(ApplicationTypedIds.RECORDED);
			Files.createDirectories(resource.getParent());
			Files.writeString(resource, recorded);
			try (URLClassLoader application = new URLClassLoader(new URL[] { build.toUri().toURL() },
					getClass().getClassLoader())) {
				assertThat(ApplicationTypedIds.of(new DefaultListableBeanFactory(), application)).isEmpty();
				SpringProperties.setProperty(AotDetector.AOT_ENABLED, "true");
				try {
					assertThat(ApplicationTypedIds.of(new DefaultListableBeanFactory(), application))
						.containsExactly(TicketId.class);
				}
				finally {
					SpringProperties.setProperty(AotDetector.AOT_ENABLED, null);
				}
			}
		});
	}

	@Test
	void contributesNothingWithoutTheDataJdbcAutoConfiguration() {
		this.runner
			.withPropertyValues("spring.autoconfigure.exclude="
					+ "io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration")
			.prepare(context -> assertThat(process((GenericApplicationContext) context.getSourceApplicationContext()))
				.isNull());
	}

	/** The bean definitions as the AOT engine has them when its processors run. */
	private static BeanFactoryInitializationAotContribution process(GenericApplicationContext context) {
		context.refreshForAotProcessing(new RuntimeHints());
		return new TypedIdBeanFactoryInitializationAotProcessor().processAheadOfTime(context.getBeanFactory());
	}

}
