package io.github.timesortedid.autoconfigure;

import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The generated metadata that IDEs complete {@code time-sorted-id.*} keys from. */
class ConfigurationMetadataTests {

	/**
	 * Our metadata, merged from each of our jars: core's describes {@code time-sorted-id.*}, the
	 * auto-configuration's the {@code timesortedid} Actuator endpoint.
	 */
	private static JsonNode metadata() throws Exception {
		ObjectMapper json = new ObjectMapper();
		ObjectNode merged = json.createObjectNode();
		ArrayNode properties = merged.putArray("properties");
		ArrayNode hints = merged.putArray("hints");
		Enumeration<URL> files = ConfigurationMetadataTests.class.getClassLoader()
			.getResources("META-INF/spring-configuration-metadata.json");
		for (URL file : Collections.list(files)) {
			JsonNode metadata;
			try (InputStream in = file.openStream()) {
				metadata = json.readTree(in);
			}
			boolean ours = false;
			for (JsonNode property : metadata.path("properties")) {
				String name = property.get("name").asString();
				ours |= name.startsWith("time-sorted-id.") || name.startsWith("management.endpoint.timesortedid.");
			}
			if (ours) {
				metadata.path("properties").forEach(properties::add);
				metadata.path("hints").forEach(hints::add);
			}
		}
		return merged;
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
				"time-sorted-id.random.bits", "time-sorted-id.entities", "management.endpoint.timesortedid.access");
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
