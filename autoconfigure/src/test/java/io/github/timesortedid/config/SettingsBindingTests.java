package io.github.timesortedid.config;

import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.model.TimeSortedIdSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Every setting the IDE metadata lists is read the same by Spring Boot's binder and by the reader
 * plain Hibernate uses, in each form Spring Boot accepts: the same properties, and the same checked
 * settings made from them.
 */
class SettingsBindingTests {

	/** A value other than the default for every setting, in the canonical form. */
	private static Map<String, String> everySetting() {
		Map<String, String> settings = new LinkedHashMap<>();
		settings.put("time-sorted-id.algorithm", "ulid");
		settings.put("time-sorted-id.separator", "~");
		settings.put("time-sorted-id.random-source", "fast");
		settings.put(PropertyNames.STORAGE, "binary");
		settings.put("time-sorted-id.uuidv7.encoding", "base62");
		settings.put("time-sorted-id.kuuid.millisecond", "true");
		settings.put("time-sorted-id.kuuid.reverse", "true");
		settings.put("time-sorted-id.couchdb-utc-id.suffix", "@mycouch");
		settings.put("time-sorted-id.snowflake.epoch", "1420070400000");
		settings.put("time-sorted-id.snowflake.node-id", "7");
		settings.put("time-sorted-id.snowflake.encoding", "base32");
		settings.put("time-sorted-id.snowflake.max-wait", "2m");
		settings.put("time-sorted-id.random.bits", "192");
		settings.put("time-sorted-id.schema-check.enabled", "false");
		settings.put(PropertyNames.SCHEMA_CHECK_RETRY_TIMEOUT, "12s");
		settings.put("time-sorted-id.compatibility-check.enabled", "false");
		settings.put("time-sorted-id.json.long-ids-as-strings", "true");
		settings.put("time-sorted-id.node-lease.table", "leases");
		settings.put("time-sorted-id.node-lease.ttl", "45s");
		settings.put("time-sorted-id.node-lease.heartbeat", "5000");
		settings.put("time-sorted-id.node-lease.min-node", "16");
		settings.put("time-sorted-id.node-lease.max-node", "31");
		settings.put("time-sorted-id.node-lease.pod-name-variable", "POD_NAME");
		settings.put(PropertyNames.INSERT_MAX_ATTEMPTS, "3");
		settings.put("time-sorted-id.insert.initial-delay", "PT0.05S");
		settings.put(PropertyNames.INSERT_MULTIPLIER, "1.5");
		settings.put("time-sorted-id.insert.max-delay", "2s");
		settings.put("time-sorted-id.insert.jitter", "0ms");
		settings.put(PropertyNames.INSERT_ATTEMPT_TIMEOUT, "1m");
		settings.put("time-sorted-id.entities.session.prefix", "sess");
		settings.put("time-sorted-id.entities.session.algorithm", "random");
		settings.put("time-sorted-id.entities.post.algorithm", "kuuid");
		settings.put("time-sorted-id.entities.post.storage", "text");
		settings.put("time-sorted-id.partitions.post.interval", "week");
		settings.put("time-sorted-id.partitions.post.premake", "8");
		settings.put("time-sorted-id.partitions.post.retention", "90d");
		settings.put("time-sorted-id.partitions.post.retention-action", "detach");
		settings.put("time-sorted-id.partitions.post.archive-schema", "archive");
		settings.put(PropertyNames.PARTITION_MAINTENANCE_ENABLED, "false");
		settings.put(PropertyNames.PARTITION_MAINTENANCE_PERIOD, "30m");
		settings.put(PropertyNames.PARTITION_MAINTENANCE_LOCK_TIMEOUT, "2s");
		settings.put(PropertyNames.PARTITION_MAINTENANCE_RUN_ONCE, "true");
		return settings;
	}

	/** The same settings in the other forms Spring Boot accepts. */
	static Stream<Map<String, String>> forms() {
		Map<String, String> camelCase = new LinkedHashMap<>();
		everySetting().forEach((key, value) -> camelCase.put(camel(key), value));
		Map<String, String> otherValues = new LinkedHashMap<>(everySetting());
		otherValues.put("time-sorted-id.snowflake.max-wait", "PT2M");
		otherValues.put("time-sorted-id.node-lease.heartbeat", "5s");
		otherValues.put("time-sorted-id.insert.initial-delay", "50");
		otherValues.put("time-sorted-id.uuidv7.encoding", "BASE62");
		otherValues.put("time-sorted-id.random-source", "FAST");
		otherValues.put(PropertyNames.STORAGE, "Binary");
		otherValues.put("time-sorted-id.kuuid.reverse", "TRUE");
		return Stream.of(everySetting(), camelCase, otherValues);
	}

	@Test
	void theSampleCoversEverySettingOfTheMetadata() throws Exception {
		Set<String> described = new TreeSet<>();
		for (URL resource : Collections.list(getClass().getClassLoader().getResources("META-INF/spring-configuration-metadata.json"))) {
			try (InputStream metadata = resource.openStream()) {
				for (JsonNode property : new ObjectMapper().readTree(metadata).get("properties")) {
					String name = property.get("name").asString();
					if (name.startsWith(TimeSortedIdProperties.PREFIX + ".")) {
						described.add(name);
					}
				}
			}
		}
		Set<String> sampled = new TreeSet<>();
		everySetting().keySet().forEach(key -> sampled.add(key.replaceFirst("^time-sorted-id\\.entities\\..*", "time-sorted-id.entities")
			.replaceFirst("^time-sorted-id\\.partitions\\..*", "time-sorted-id.partitions")));
		assertThat(sampled).isEqualTo(described);
	}

	@ParameterizedTest
	@MethodSource("forms")
	void springBootAndPlainHibernateReadEverySettingAlike(Map<String, String> settings) {
		TimeSortedIdProperties boot = new Binder(new MapConfigurationPropertySource(settings))
			.bind(TimeSortedIdProperties.PREFIX, TimeSortedIdProperties.class)
			.get();
		TimeSortedIdProperties plain = TimeSortedIdProperties.bind(settings);
		assertThat(plain).usingRecursiveComparison().isEqualTo(boot);
		assertThat(plain).usingRecursiveComparison().isNotEqualTo(new TimeSortedIdProperties());

		TimeSortedIdSettings fromBoot = TimeSortedIdSettings.builder()
			.apply(boot)
			.options(AlgorithmOptions.builder().apply(boot).build())
			.build();
		TimeSortedIdSettings fromHibernate = TimeSortedIdSettings.fromProperties(settings);
		assertThat(fromHibernate).usingRecursiveComparison().isEqualTo(fromBoot);
		assertThat(fromHibernate.options().snowflakeMaxWait()).hasMinutes(2);
		assertThat(fromHibernate.options().snowflakeNodeId()).isEqualTo(7);
		assertThat(fromHibernate.entity("Session", null).getValue().prefix()).isEqualTo("sess");
		assertThat(fromHibernate.partitions().get("post").retention()).hasDays(90);
	}

	@Test
	void valuesOfTheWrongFormNameTheSettingWithoutClampingOrGuessing() {
		Map<String, List<String>> wrong = Map.of("time-sorted-id.random.bits", List.of("99999999999", "a lot"),
				"time-sorted-id.snowflake.max-wait", List.of("2 minutes", "2x"),
				"time-sorted-id.kuuid.reverse", List.of("yes"),
				"time-sorted-id.uuidv7.encoding", List.of("base31"));
		wrong.forEach((key, values) -> values.forEach(value -> assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> TimeSortedIdProperties.bind(Map.of(key, value)))
			.withMessageStartingWith("Invalid value '" + value + "' for property '" + key + "': ")));
	}

	@Test
	void aMisspeltSettingOfAnEntityIsRefusedNamingItAndTheKnownOnes() {
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> TimeSortedIdProperties.bind(Map.of("time-sorted-id.partitions.PurchaseOrder.retension", "7d")))
			.withMessage("Invalid value '7d' for property 'time-sorted-id.partitions.PurchaseOrder.retension': unknown "
					+ "setting; the settings of time-sorted-id.partitions.<Entity> are archive-schema, interval, premake, retention, "
					+ "retention-action");
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> TimeSortedIdSettings.fromProperties(Map.of("time-sorted-id.entities.Session.prefx", "sess")))
			.withMessage("Invalid value 'sess' for property 'time-sorted-id.entities.Session.prefx': unknown setting; the "
					+ "settings of time-sorted-id.entities.<Entity> are algorithm, prefix, storage");
		// relaxed names are settings all the same
		assertThat(TimeSortedIdProperties.bind(Map.of("time-sorted-id.partitions.PurchaseOrder.retentionAction", "drop"))
			.getPartitions()
			.get("PurchaseOrder")
			.getRetentionAction()).isEqualTo(RetentionAction.DROP);
	}

	@Test
	void aMisspeltSettingOutsideTheEntityMapsIsRefusedAlikeByPlainHibernatesReader() {
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> TimeSortedIdSettings.fromProperties(Map.of("time-sorted-id.snowflake.nodeid", "7",
					"time-sorted-id.snowflake.node-idd", "8")))
			.withMessage("Invalid value '8' for property 'time-sorted-id.snowflake.node-idd': unknown setting; the settings "
					+ "of time-sorted-id.snowflake are encoding, epoch, max-wait, node-id");
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> TimeSortedIdProperties.bind(Map.of("time-sorted-id.partition.Post.interval", "month")))
			.withMessageStartingWith("Invalid value 'month' for property 'time-sorted-id.partition.Post.interval': unknown "
					+ "setting; the settings of time-sorted-id are algorithm, ");
		// an entity named by its class, in brackets as Spring Boot writes a key with dots
		assertThat(TimeSortedIdProperties.bind(Map.of("time-sorted-id.entities.[com.example.shop.Post].prefix", "pst"))
			.getEntities()
			.get("com.example.shop.Post")
			.getPrefix()).isEqualTo("pst");
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> TimeSortedIdProperties.bind(Map.of("time-sorted-id.entities.[com.example.shop.Post].prefx", "pst")))
			.withMessageEndingWith("unknown setting; the settings of time-sorted-id.entities.<Entity> are algorithm, prefix, storage");
		// the Hibernate settings of the integration share the prefix, and are no typos
		assertThat(TimeSortedIdSettings.fromProperties(Map.of("time-sorted-id.typed-ids", "com.example.PostId",
				"time-sorted-id.algorithm", "ulid")).algorithm()).isEqualTo("ulid");
	}

	@Test
	void entriesOfOneEntityNamedInAnotherCaseAreOneOrRefusedWhenTheyDiffer() {
		TimeSortedIdProperties same = TimeSortedIdProperties.bind(Map.of("time-sorted-id.partitions.post.interval", "week",
				"time-sorted-id.partitions.Post.interval", "week"));
		assertThat(same.getPartitions()).containsOnlyKeys("Post");
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> TimeSortedIdProperties.bind(new LinkedHashMap<>(Map.of("time-sorted-id.entities.Post.prefix",
					"post", "time-sorted-id.entities.post.prefix", "pst"))))
			.withMessage("Invalid value 'pst' for property 'time-sorted-id.entities.post.prefix': the entity is also "
					+ "configured as time-sorted-id.entities.Post.*, where prefix is 'post'; name the entity in one way in "
					+ "every source (an environment variable names it in lower case)");
	}

	@Test
	void theDefaultsAreThoseOfTheOneDescription() {
		TimeSortedIdProperties defaults = new TimeSortedIdProperties();
		AlgorithmOptions options = AlgorithmOptions.defaults();
		assertThat(options.uuidv7Encoding()).isEqualTo(defaults.getUuidv7().getEncoding());
		assertThat(options.snowflakeEpoch()).isEqualTo(defaults.getSnowflake().getEpoch());
		assertThat(options.snowflakeMaxWait()).isEqualTo(defaults.getSnowflake().getMaxWait());
		assertThat(options.randomBits()).isEqualTo(defaults.getRandom().getBits());
		assertThat(TimeSortedIdSettings.defaults().algorithm()).isEqualTo(defaults.getAlgorithm());
		assertThat(TimeSortedIdSettings.fromProperties(new HashMap<>())).usingRecursiveComparison()
			.isEqualTo(TimeSortedIdSettings.defaults());
	}

	private static String camel(String key) {
		StringBuilder camel = new StringBuilder();
		boolean upper = false;
		for (char c : key.toCharArray()) {
			if (c == '-') {
				upper = true;
			}
			else {
				camel.append(upper ? Character.toUpperCase(c) : c);
				upper = false;
			}
		}
		return camel.toString().replace("timeSortedId.", "time-sorted-id.");
	}

}
