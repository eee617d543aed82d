package io.github.timesortedid.web;

import java.util.Map;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.autoconfigure.fixtures.timeline.NoteId;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Round trips through Jackson with both modules: every positive {@code long} ID comes back exactly
 * from the string it is written as and from the plain number, and every typed ID key comes back
 * as the same key.
 */
class LongIdJsonProperties {

	private final JsonMapper json = JsonMapper.builder()
		.addModule(new TypedIdJacksonModule())
		.addModule(new LongIdJacksonModule())
		.build();

	record Reply(@TimeSortedId(algorithm = "snowflake") Long id, @TimeSortedId(algorithm = "snowflake") long parentId) {
	}

	@Property(tries = 2000)
	void everyLongIdSurvivesAsAStringAndAsANumber(@ForAll @LongRange(min = 1) long id,
			@ForAll @LongRange(min = 1) long parentId) {
		String written = this.json.writeValueAsString(new Reply(id, parentId));
		assertThat(written).isEqualTo("{\"id\":\"" + id + "\",\"parentId\":\"" + parentId + "\"}");
		assertThat(this.json.readValue(written, Reply.class)).isEqualTo(new Reply(id, parentId));
		assertThat(this.json.readValue("{\"id\":" + id + ",\"parentId\":" + parentId + "}", Reply.class))
			.isEqualTo(new Reply(id, parentId));
	}

	@Property(tries = 2000)
	void typedIdKeysRoundTrip(@ForAll("bodies") String body, @ForAll int count) {
		Map<NoteId, Integer> counts = Map.of(new NoteId("note_" + body), count);
		String written = this.json.writeValueAsString(counts);
		assertThat(written).isEqualTo("{\"note_" + body + "\":" + count + "}");
		assertThat(this.json.readValue(written, new TypeReference<Map<NoteId, Integer>>() {
		})).isEqualTo(counts);
	}

	@Provide
	Arbitrary<String> bodies() {
		return Arbitraries.strings().withChars("0123456789abcdefghjkmnpqrstvwxyz").ofLength(26);
	}

}
