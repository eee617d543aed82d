package io.github.timesortedid.autoconfigure;

import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;

import io.github.timesortedid.config.TimeSortedIdProperties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanWrapper;
import org.springframework.beans.PropertyAccessorFactory;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.core.convert.ConversionService;
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

	/**
	 * An IDE shows the metadata's default: it must be the value an application gets when it sets
	 * nothing. Spring Boot's processor records only defaults it can read from the field's
	 * initializer, so one that names a constant of another class goes missing silently.
	 */
	@Test
	void everyDefaultAnApplicationGetsIsTheOneTheMetadataShows() throws Exception {
		BeanWrapper defaults = PropertyAccessorFactory.forBeanPropertyAccess(new TimeSortedIdProperties());
		ConversionService conversion = ApplicationConversionService.getSharedInstance();
		List<String> wrong = new ArrayList<>();
		int compared = 0;
		for (JsonNode property : metadata().get("properties")) {
			String name = property.get("name").asString();
			if (!name.startsWith(TimeSortedIdProperties.PREFIX + ".")) {
				continue;
			}
			String path = camelCase(name.substring(TimeSortedIdProperties.PREFIX.length() + 1));
			if (!defaults.isReadableProperty(path)) {
				continue;
			}
			Object value = defaults.getPropertyValue(path);
			if (value == null || value instanceof java.util.Map<?, ?>) {
				continue;
			}
			JsonNode shown = property.get("defaultValue");
			Object expected = (shown != null) ? conversion.convert(shown.asString(), value.getClass()) : null;
			if (!value.equals(expected)) {
				wrong.add(name + ": bound " + value + ", metadata " + shown);
			}
			compared++;
		}
		assertThat(wrong).isEmpty();
		assertThat(compared).as("settings compared").isGreaterThan(20);
	}

	private static String camelCase(String kebab) {
		StringBuilder path = new StringBuilder();
		boolean upper = false;
		for (char c : kebab.toCharArray()) {
			if (c == '-') {
				upper = true;
			}
			else {
				path.append(upper ? Character.toUpperCase(c) : c);
				upper = false;
			}
		}
		return path.toString();
	}

}
