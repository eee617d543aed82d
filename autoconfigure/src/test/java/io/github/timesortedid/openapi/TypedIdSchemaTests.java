package io.github.timesortedid.openapi;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import io.github.timesortedid.autoconfigure.fixtures.clinic.OwnerId;
import io.github.timesortedid.autoconfigure.fixtures.clinic.PetId;
import io.github.timesortedid.autoconfigure.fixtures.timeline.NoteId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.converter.ResolvedSchema;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.media.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schemas swagger-core makes with the auto-configured converter, for a real application's
 * registry: a typed ID is a string component with its format's pattern, length and a valid example,
 * referred to from every property of its type; the Long attributes Jackson writes as strings are
 * strings.
 */
class TypedIdSchemaTests {

	private static ConfigurableApplicationContext context;

	record PetView(PetId id, OwnerId owner, List<PetId> siblings, Map<String, PetId> byName,
			@JsonFormat(shape = JsonFormat.Shape.STRING) Long litterId, @TimeSortedId(algorithm = "snowflake") Long chipId,
			Long weight) {
	}

	record NoteView(NoteId id) {
	}

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(ClinicApplication.class).web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:openapi-schemas")
			.run();
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	private static TypedIdModelConverter converter(boolean openapi31, boolean longIdsAsStrings) {
		TimeSortedIdRegistry registry = context.getBean(TimeSortedIdRegistry.class);
		return new TypedIdModelConverter(() -> registry, openapi31, longIdsAsStrings);
	}

	private static JsonNode document(TypedIdModelConverter converter, Class<?> type) {
		ModelConverters converters = new ModelConverters(converter.isOpenapi31());
		converters.addConverter(converter);
		ResolvedSchema resolved = converters.resolveAsResolvedSchema(new AnnotatedType(type).resolveAsRef(true));
		Map<String, Schema> schemas = resolved.referencedSchemas;
		String text = converter.isOpenapi31() ? Json31.pretty(schemas) : Json.pretty(schemas);
		return new ObjectMapper().readTree(text);
	}

	@Test
	void theAutoConfiguredConverterIsTheOneSpringdocFinds() {
		assertThat(context.getBean(TypedIdModelConverter.class).isOpenapi31()).isTrue();
	}

	@Test
	void aTypedIdIsAStringComponentWithItsFormatsPatternLengthAndExample() {
		JsonNode schemas = document(converter(true, false), PetView.class);
		JsonNode petId = schemas.get("PetId");
		assertThat(petId.get("type").asString()).isEqualTo("string");
		assertThat(petId.get("pattern").asString()).isEqualTo("^pet_[0-9a-hjkmnp-tv-z]{26}$");
		assertThat(petId.get("minLength").asInt()).isEqualTo(30);
		assertThat(petId.get("maxLength").asInt()).isEqualTo(30);
		assertThat(petId.get("description").asString()).isEqualTo("The ID of Pet: 'pet_' and a uuidv7 (base32) body");
		String example = petId.get("example").asString();
		assertThat(example).matches(Pattern.compile(petId.get("pattern").asString()));
		assertThat(context.getBean(TimeSortedIds.class).parse(PetId.class, example).value()).isEqualTo(example);
		assertThat(schemas.get("OwnerId").get("pattern").asString()).isEqualTo("^owner_[0-9a-hjkmnp-tv-z]{26}$");

		JsonNode view = schemas.get("PetView").get("properties");
		assertThat(view.get("id").get("$ref").asString()).isEqualTo("#/components/schemas/PetId");
		assertThat(view.get("owner").get("$ref").asString()).isEqualTo("#/components/schemas/OwnerId");
		assertThat(view.get("siblings").get("items").get("$ref").asString()).isEqualTo("#/components/schemas/PetId");
		assertThat(view.get("byName").get("additionalProperties").get("$ref").asString())
			.isEqualTo("#/components/schemas/PetId");
	}

	@Test
	void theExampleIsTheSameOnEveryStart() {
		JsonNode first = document(converter(true, false), PetView.class);
		JsonNode second = document(converter(true, false), PetView.class);
		assertThat(second.get("PetId").get("example")).isEqualTo(first.get("PetId").get("example"));
		assertThat(context.getBean(TimeSortedIds.class)
			.parse(PetId.class, first.get("PetId").get("example").asString())).isNotNull();
	}

	@Test
	void openApi30SchemasToo() {
		JsonNode petId = document(converter(false, false), PetView.class).get("PetId");
		assertThat(petId.get("type").asString()).isEqualTo("string");
		assertThat(petId.get("pattern").asString()).isEqualTo("^pet_[0-9a-hjkmnp-tv-z]{26}$");
		assertThat(petId.get("maxLength").asInt()).isEqualTo(30);
	}

	@Test
	void aTypedIdNoAttributeMapsIsAStringWithoutAFormat() {
		JsonNode noteId = document(converter(true, false), NoteView.class).get("NoteId");
		assertThat(noteId.get("type").asString()).isEqualTo("string");
		assertThat(noteId.has("pattern")).isFalse();
		assertThat(noteId.get("description").asString()).contains("'note'");
	}

	@Test
	void longsThatJacksonWritesAsStringsAreStrings() {
		JsonNode numbers = document(converter(true, false), PetView.class).get("PetView").get("properties");
		assertThat(numbers.get("litterId").get("type").asString()).isEqualTo("string");
		assertThat(numbers.get("chipId").get("type").asString()).isEqualTo("integer");
		assertThat(numbers.get("weight").get("type").asString()).isEqualTo("integer");
		JsonNode strings = document(converter(true, true), PetView.class).get("PetView").get("properties");
		assertThat(strings.get("chipId").get("type").asString()).isEqualTo("string");
		assertThat(strings.get("chipId").get("format").asString()).isEqualTo("int64");
		assertThat(strings.get("weight").get("type").asString()).isEqualTo("integer");
	}

}
