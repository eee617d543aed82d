package io.github.timesortedid.web;

import io.github.timesortedid.autoconfigure.fixtures.timeline.NoteId;
import org.junit.jupiter.api.Test;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.core.convert.support.DefaultConversionService;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class TypedIdWebTests {

	record Payload(NoteId note, String text) {
	}

	private final JsonMapper json = JsonMapper.builder().addModule(new TypedIdJacksonModule()).build();

	@Test
	void jacksonWritesAndReadsTypedIdsAsPlainStrings() {
		NoteId id = new NoteId("note_01m80m8fdeefn8sbsertbdp6n0");
		String written = this.json.writeValueAsString(new Payload(id, "hi"));
		assertThat(written).isEqualTo("{\"note\":\"note_01m80m8fdeefn8sbsertbdp6n0\",\"text\":\"hi\"}");
		assertThat(this.json.readValue(written, Payload.class)).isEqualTo(new Payload(id, "hi"));
		assertThat(this.json.writeValueAsString(id)).isEqualTo("\"note_01m80m8fdeefn8sbsertbdp6n0\"");
	}

	@Test
	void jacksonRefusesAnotherTypesIdAndNonStrings() {
		assertThatExceptionOfType(DatabindException.class)
			.isThrownBy(() -> this.json.readValue("{\"note\":\"post_01m80m8fdeefn8sbsertbdp6n0\"}", Payload.class))
			.withMessageContaining("not a NoteId: expected an ID starting with 'note_'");
		assertThatExceptionOfType(DatabindException.class)
			.isThrownBy(() -> this.json.readValue("{\"note\":42}", Payload.class));
	}

	@Test
	void springConvertsStringsToTypedIdsAndBack() {
		DefaultConversionService conversion = new DefaultConversionService();
		conversion.addConverter(new TypedIdConverter());
		NoteId id = conversion.convert("note_01m80m8fdeefn8sbsertbdp6n0", NoteId.class);
		assertThat(id).isEqualTo(new NoteId("note_01m80m8fdeefn8sbsertbdp6n0"));
		assertThat(conversion.convert(id, String.class)).isEqualTo("note_01m80m8fdeefn8sbsertbdp6n0");
		assertThatExceptionOfType(ConversionFailedException.class)
			.isThrownBy(() -> conversion.convert("acct_01m80m8fdeefn8sbsertbdp6n0", NoteId.class))
			.withRootCauseInstanceOf(io.github.timesortedid.id.InvalidIdException.class);
	}

}
