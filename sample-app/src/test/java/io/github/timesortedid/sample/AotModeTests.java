package io.github.timesortedid.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.hibernate.TimeSortedIdGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.AnnotationConfigUtils;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The build's {@code aot-tests} run (sample-app/pom.xml) really runs the HTTP tests on the
 * application contexts that {@code spring-boot:process-test-aot} generated, and that processing
 * declared what a native image needs for typed IDs and the library's reflective parts. Only that run
 * sets {@code sample.aot-tests}; the ordinary run, and compat-boot40's rerun of these classes, skip it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@EnabledIfSystemProperty(named = "sample.aot-tests", matches = "true")
class AotModeTests {

	/** Where process-test-aot writes the GraalVM reachability metadata of this module. */
	private static final Path METADATA = Path.of("target/spring-aot/test/resources/META-INF/native-image",
			"io.github.timesortedid", "time-sorted-id-sample-app", "reachability-metadata.json");

	@Autowired
	private ApplicationContext context;

	@LocalServerPort
	private int port;

	@Test
	void theContextIsTheGeneratedOne() {
		assertThat(AotDetector.useGeneratedArtifacts()).as("spring.aot.enabled").isTrue();
		// generated bean definitions replace configuration class parsing, so its post-processor is not there
		assertThat(this.context.containsBeanDefinition(AnnotationConfigUtils.CONFIGURATION_ANNOTATION_PROCESSOR_BEAN_NAME))
			.isFalse();
		HttpApi api = new HttpApi(this.port);
		String account = api.post("/accounts", "{\"name\": \"Ada\"}").text("id");
		assertThat(account).startsWith("acct_");
		assertThat(api.get("/accounts/" + account).text("name")).isEqualTo("Ada");
	}

	@Test
	void theTypedIdConstructorsAreDeclared() throws IOException {
		JsonNode metadata = new ObjectMapper().readTree(Files.readString(METADATA));
		for (Class<?> typedId : List.of(AccountId.class, PostId.class, SessionId.class)) {
			// the constructor itself, as TypedIdBeanFactoryInitializationAotProcessor declares it; Spring's
			// binding hints declare records by their members (allDeclaredConstructors), never as <init>
			assertThat(methods(type(metadata, typedId.getName()))).as(typedId.getName())
				.contains("<init>(java.lang.String)");
		}
	}

	@Test
	void theLibrarysReflectivePartsAreDeclared() throws IOException {
		JsonNode metadata = new ObjectMapper().readTree(Files.readString(METADATA));
		assertThat(type(metadata, TimeSortedIdGenerator.class.getName()).path("allDeclaredConstructors").asBoolean())
			.isTrue();
		assertThat(type(metadata, "org.springframework.core.retry.RetryState")).isNotNull();
		List<String> resources = new ArrayList<>();
		metadata.get("resources").forEach((resource) -> resources.add(resource.path("glob").asString()));
		assertThat(resources).contains("META-INF/services/org.hibernate.integrator.spi.Integrator",
				"META-INF/services/org.hibernate.service.spi.ServiceContributor",
				"META-INF/services/org.hibernate.boot.model.TypeContributor");
	}

	private static JsonNode type(JsonNode metadata, String name) {
		for (JsonNode entry : metadata.get("reflection")) {
			if (name.equals(entry.path("type").asString())) {
				return entry;
			}
		}
		throw new AssertionError(name + " is not in " + METADATA);
	}

	private static List<String> methods(JsonNode type) {
		List<String> methods = new ArrayList<>();
		for (JsonNode method : type.path("methods")) {
			List<String> parameters = new ArrayList<>();
			method.path("parameterTypes").forEach((parameter) -> parameters.add(parameter.asString()));
			methods.add(method.path("name").asString() + "(" + String.join(",", parameters) + ")");
		}
		return methods;
	}

}
