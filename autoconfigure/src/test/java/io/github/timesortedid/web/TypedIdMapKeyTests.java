package io.github.timesortedid.web;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.autoconfigure.TimeSortedIdWebAutoConfiguration;
import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import io.github.timesortedid.autoconfigure.fixtures.clinic.OwnerId;
import io.github.timesortedid.autoconfigure.fixtures.clinic.PetId;
import io.github.timesortedid.autoconfigure.fixtures.timeline.NoteId;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Typed IDs as JSON object keys: written as the ID text, not the record's {@code toString()}, and
 * read back through the same checks as values, with the {@link JsonMapper} Spring Boot builds.
 */
class TypedIdMapKeyTests {

	private static final TypeReference<Map<NoteId, Integer>> NOTE_COUNTS = new TypeReference<>() {
	};

	private static final TypeReference<Map<PetId, String>> PET_NAMES = new TypeReference<>() {
	};

	private static final String NOTE = "note_01m80m8fdeefn8sbsertbdp6n0";

	@Test
	void keysAreTheIdTextAndReadBack() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, TimeSortedIdWebAutoConfiguration.class))
			.run(context -> {
				JsonMapper json = context.getBean(JsonMapper.class);
				Map<NoteId, Integer> counts = new LinkedHashMap<>();
				// NoteId keeps the record's toString(), NoteId[value=...]: the key must not use it
				counts.put(new NoteId(NOTE), 3);
				counts.put(new NoteId("note_01m80m8fdeefn8sbsertbdp6n1"), 4);
				String written = json.writeValueAsString(counts);
				assertThat(written).isEqualTo("{\"" + NOTE + "\":3,\"note_01m80m8fdeefn8sbsertbdp6n1\":4}");
				assertThat(json.readValue(written, NOTE_COUNTS)).isEqualTo(counts);
			});
	}

	@Test
	void aKeyWithAnotherTypesPrefixIsRefusedNamingTheType() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, TimeSortedIdWebAutoConfiguration.class))
			.run(context -> assertThatExceptionOfType(InvalidFormatException.class)
				.isThrownBy(() -> context.getBean(JsonMapper.class)
					.readValue("{\"post_01m80m8fdeefn8sbsertbdp6n0\":1}", NOTE_COUNTS))
				.withMessageContaining("Cannot deserialize Map key of type `" + NoteId.class.getName() + "`")
				.withMessageContaining("not a NoteId: expected an ID starting with 'note_'"));
	}

	@Test
	void withTheApplicationsIdsKeysAreCheckedAgainstTheFullFormat() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ClinicApplication.class)
			.web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:map-keys")
			.run()) {
			JsonMapper json = context.getBean(JsonMapper.class);
			PetId pet = context.getBean(TimeSortedIds.class).next(PetId.class);
			Map<PetId, String> names = Map.of(pet, "Rosy");
			String written = json.writeValueAsString(names);
			assertThat(written).isEqualTo("{\"" + pet.value() + "\":\"Rosy\"}");
			assertThat(json.readValue(written, PET_NAMES)).isEqualTo(names);
			// the right prefix, but a body no uuidv7 has: only the registry's format can tell
			assertThatExceptionOfType(InvalidFormatException.class)
				.isThrownBy(() -> json.readValue("{\"pet_zzzz\":\"Rosy\"}", PET_NAMES))
				.withMessageContaining("not a PetId: ");
			OwnerId owner = context.getBean(TimeSortedIds.class).next(OwnerId.class);
			assertThatExceptionOfType(InvalidFormatException.class)
				.isThrownBy(() -> json.readValue("{\"" + owner.value() + "\":\"Rosy\"}", PET_NAMES))
				.withMessageContaining("not a PetId");
		}
	}

}
