package io.github.timesortedid.autoconfigure;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The generated metadata that IDEs complete {@code time-sorted-id.*} keys from. */
class ConfigurationMetadataTests {

	private static JsonNode metadata() throws Exception {
		try (InputStream in = ConfigurationMetadataTests.class
			.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			return new ObjectMapper().readTree(in);
		}
	}

	@Test
	void everyBoundPropertyHasADescription() throws Exception {
		List<String> undocumented = new ArrayList<>();
		List<String> names = new ArrayList<>();
		for (JsonNode property : metadata().get("properties")) {
			names.add(property.get("name").asString());
			JsonNode description = property.get("description");
			if (description == null || description.asString().isBlank()) {
				undocumented.add(property.get("name").asString());
			}
		}
		assertThat(undocumented).isEmpty();
		assertThat(names).contains("time-sorted-id.algorithm", "time-sorted-id.separator", "time-sorted-id.random-source",
				"time-sorted-id.uuidv7.encoding", "time-sorted-id.kuuid.millisecond", "time-sorted-id.kuuid.reverse",
				"time-sorted-id.couchdb-utc-id.suffix", "time-sorted-id.snowflake.epoch",
				"time-sorted-id.snowflake.node-id", "time-sorted-id.snowflake.encoding", "time-sorted-id.snowflake.max-wait",
				"time-sorted-id.random.bits", "time-sorted-id.entities");
	}

	@Test
	void algorithmsEncodingsAndRandomSourceHaveValueHints() throws Exception {
		List<String> hinted = new ArrayList<>();
		for (JsonNode hint : metadata().get("hints")) {
			hinted.add(hint.get("name").asString());
			for (JsonNode value : hint.get("values")) {
				assertThat(value.get("description").asString()).isNotBlank();
			}
			if (hint.get("name").asString().equals("time-sorted-id.algorithm")) {
				List<String> values = new ArrayList<>();
				hint.get("values").forEach(value -> values.add(value.get("value").asString()));
				assertThat(values).containsExactlyElementsOf(io.github.timesortedid.id.IdAlgorithms.names());
			}
		}
		assertThat(hinted).containsAll(Set.of("time-sorted-id.algorithm", "time-sorted-id.uuidv7.encoding",
				"time-sorted-id.snowflake.encoding", "time-sorted-id.random-source"));
	}

}
