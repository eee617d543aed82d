package io.github.timesortedid.shardingsphere;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.apache.shardingsphere.driver.api.yaml.YamlShardingSphereDataSourceFactory;
import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A bad property stops ShardingSphere's start with its {@link AlgorithmInitializationException},
 * whose message names the algorithm, the property and what to do, for each algorithm and each kind
 * of mistake: missing, malformed, unknown (a misspelt name), refused by the ID's own settings.
 */
class AlgorithmConfigurationTests {

	static Stream<Arguments> mistakes() {
		return Stream.of(
				Arguments.of("TIME_SORTED_ID_MOD", "prefix: post", "sharding-count is required"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 0", "sharding-count is a whole number of 1 or more, not '0'"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: three", "sharding-count is a whole number"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 3\n          sharding-cont: 4", "unknown property sharding-cont"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 3\n          id-algorithm: uuid7",
						"id-algorithm cannot be 'uuid7': unknown algorithm; valid names are uuidv7, ulid"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 3\n          prefix: Post", "prefix cannot be 'Post'"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 3\n          encoding: base36\n          id-algorithm: ulid",
						"encoding cannot be 'base36': only uuidv7 and snowflake have a choice of encoding"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 3\n          encoding: base64",
						"encoding cannot be 'base64'"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 3\n          separator: '-'\n          encoding: canonical",
						"separator cannot be '-'"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 3\n          id-algorithm: ksuid\n          storage: binary",
						"storage cannot be 'binary': ksuid bodies are 20 bytes"),
				Arguments.of("TIME_SORTED_ID_MOD", "sharding-count: 3\n          id-algorithm: couchdb-utc-id",
						"couchdb-utc-id.suffix cannot be 'null': couchdb-utc-id needs a suffix"),
				Arguments.of("TIME_SORTED_ID_INTERVAL", INTERVAL.replace("datetime-upper", "upper"), "unknown property upper"),
				Arguments.of("TIME_SORTED_ID_INTERVAL", INTERVAL.replace("          datetime-upper: '2026-12-31 23:59:59'\n", ""),
						"datetime-upper is required"),
				Arguments.of("TIME_SORTED_ID_INTERVAL", INTERVAL.replace("2026-01-01 00:00:00", "2026-01-01"),
						"datetime-lower cannot be '2026-01-01': not a time in the datetime-pattern yyyy-MM-dd HH:mm:ss"),
				Arguments.of("TIME_SORTED_ID_INTERVAL", INTERVAL + "\n          datetime-interval-unit: FORTNIGHTS",
						"datetime-interval-unit cannot be 'FORTNIGHTS'"),
				Arguments.of("TIME_SORTED_ID_INTERVAL", INTERVAL + "\n          id-algorithm: couchdb-random",
						"id-algorithm cannot be 'couchdb-random': its IDs carry no time to route by"),
				Arguments.of("TIME_SORTED_ID_INTERVAL", INTERVAL + "\n          datetime-interval-unit: MILLIS",
						"make more than 100000 intervals"));
	}

	private static final String INTERVAL = "datetime-lower: '2026-01-01 00:00:00'\n"
			+ "          datetime-upper: '2026-12-31 23:59:59'\n          sharding-suffix-pattern: yyyyMM";

	@ParameterizedTest(name = "{0}: {2}")
	@MethodSource("mistakes")
	void aBadPropertyStopsTheStartNamingIt(String type, String props, String message) {
		assertThatExceptionOfType(AlgorithmInitializationException.class).isThrownBy(() -> start(type, props))
			.withMessageContaining(type)
			.withMessageContaining(message);
	}

	@ParameterizedTest(name = "{1}")
	@MethodSource("generatorMistakes")
	void aBadKeyGeneratorPropertyStopsTheStartNamingIt(String props, String message) {
		String yaml = "rules:\n  - !SHARDING\n    tables:\n      post:\n        actualDataNodes: ds_0.post\n"
				+ "        keyGenerateStrategy:\n          column: id\n          keyGeneratorName: ids\n"
				+ "    keyGenerators:\n      ids:\n        type: TIME_SORTED_ID\n        props:\n          " + props + "\n";
		assertThatExceptionOfType(AlgorithmInitializationException.class)
			.isThrownBy(() -> YamlShardingSphereDataSourceFactory.createDataSource(Map.of("ds_0", h2()),
					yaml.getBytes(StandardCharsets.UTF_8)))
			.withMessageContaining("TIME_SORTED_ID")
			.withMessageContaining(message);
	}

	static Stream<Arguments> generatorMistakes() {
		return Stream.of(Arguments.of("id-algorithm: snowflake", "snowflake.node-id is required"),
				Arguments.of("id-algorithm: snowflake\n          snowflake.node-id: auto",
						"snowflake.node-id cannot be 'auto': auto leases a node ID"),
				Arguments.of("id-algorithm: snowflake\n          snowflake.node-id: 4096", "snowflake.node-id cannot be '4096'"),
				Arguments.of("id-algorithm: objectid\n          storage: binary", "storage cannot be 'binary': objectid bodies are 12 bytes"),
				Arguments.of("id-algorithm: couchdb-utc-id\n          couchdb-utc-id.suffix: '@a'\n          storage: binary",
						"storage cannot be 'binary': couchdb-utc-id has no binary form"),
				Arguments.of("random-source: quantum", "random-source cannot be 'quantum'"));
	}

	private static void start(String type, String props) throws Exception {
		String yaml = "rules:\n  - !SHARDING\n    tables:\n      post:\n        actualDataNodes: ds_0.post\n"
				+ "        databaseStrategy:\n          standard:\n            shardingColumn: id\n"
				+ "            shardingAlgorithmName: ids\n    shardingAlgorithms:\n      ids:\n        type: " + type
				+ "\n        props:\n          " + props + "\n";
		YamlShardingSphereDataSourceFactory.createDataSource(Map.of("ds_0", h2()), yaml.getBytes(StandardCharsets.UTF_8));
	}

	private static DataSource h2() {
		JdbcDataSource h2 = new JdbcDataSource();
		h2.setURL("jdbc:h2:mem:configuration;DB_CLOSE_DELAY=-1");
		h2.setUser("sa");
		return h2;
	}

}
