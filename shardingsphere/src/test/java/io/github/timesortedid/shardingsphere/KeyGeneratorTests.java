package io.github.timesortedid.shardingsphere;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import org.apache.shardingsphere.driver.api.yaml.YamlShardingSphereDataSourceFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The key generator {@code TIME_SORTED_ID} on three PostgreSQL shards: rows inserted through plain
 * SQL without a key get IDs of every algorithm, in the column's stored form (text; a {@code uuid} of
 * a 128-bit body; a {@code bigint} of a {@code snowflake}), valid for the configured format, distinct,
 * and each on the shard {@code TIME_SORTED_ID_MOD} names for it.
 */
class KeyGeneratorTests {

	private static final int ROWS = 30;

	private static Map<String, DataSource> shards;

	@BeforeAll
	static void shards() {
		shards = PostgresShards.newDatabases();
	}

	@Test
	void theGuidesNotesGetSnowflakeIdsOnTheirShards() throws Exception {
		for (DataSource shard : shards.values()) {
			try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement()) {
				statement.execute("CREATE TABLE note (id varchar(24) COLLATE \"C\" PRIMARY KEY, text varchar(20))");
			}
		}
		DataSource sharded = PostgresShards.sharded(shards, "sharding/notes-keygen.yaml");
		// tag::insert[]
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection.prepareStatement("INSERT INTO note (text) VALUES (?)")) {
			insert.setString(1, "no ID given");
			insert.executeUpdate();
		}
		// end::insert[]
		Properties props = new Properties();
		props.setProperty("sharding-count", "3");
		props.setProperty("id-algorithm", "snowflake");
		props.setProperty("prefix", "note");
		TimeSortedIdModShardingAlgorithm mod = new TimeSortedIdModShardingAlgorithm();
		mod.init(props);
		int found = 0;
		int shard = 0;
		for (DataSource each : shards.values()) {
			try (Connection connection = each.getConnection(); Statement statement = connection.createStatement();
					ResultSet rows = statement.executeQuery("SELECT id FROM note")) {
				while (rows.next()) {
					String id = rows.getString(1);
					assertThat(id).matches("note_\\d{19}");
					assertThat(Long.parseLong(id.substring(5)) >>> 12 & 1023).as("node").isEqualTo(1000);
					assertThat(mod.shardOf(id)).isEqualTo(shard);
					found++;
				}
			}
			shard++;
		}
		assertThat(found).isEqualTo(1);
	}

	static Stream<Arguments> columns() {
		List<Arguments> columns = new ArrayList<>();
		IdAlgorithms.names().forEach(name -> columns.add(Arguments.of(name, "text", "varchar(64) COLLATE \"C\"")));
		columns.add(Arguments.of(IdAlgorithms.UUIDV7, "binary", "uuid"));
		columns.add(Arguments.of(IdAlgorithms.COUCHDB_RANDOM, "binary", "uuid"));
		columns.add(Arguments.of(IdAlgorithms.SNOWFLAKE, "binary", "bigint"));
		return columns.stream();
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("columns")
	void plainSqlInsertsGetIdsOnTheirShards(String algorithm, String storage, String columnType) throws Exception {
		String table = "note_" + algorithm.replace('-', '_') + "_" + storage;
		for (DataSource shard : shards.values()) {
			try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement()) {
				statement.execute("CREATE TABLE " + table + " (id " + columnType + " PRIMARY KEY, body varchar(20))");
			}
		}
		Properties props = Columns.props(algorithm);
		props.setProperty("storage", storage);
		StringBuilder idProps = new StringBuilder();
		props.forEach((key, value) -> idProps.append("\n          ").append(key).append(": '").append(value).append("'"));
		String yaml = "rules:\n  - !SHARDING\n    tables:\n      " + table + ":\n        actualDataNodes: ds_${0..2}." + table
				+ "\n        databaseStrategy:\n          standard:\n            shardingColumn: id\n"
				+ "            shardingAlgorithmName: by-id\n        keyGenerateStrategy:\n          column: id\n"
				+ "          keyGeneratorName: ids\n    shardingAlgorithms:\n      by-id:\n        type: TIME_SORTED_ID_MOD\n"
				+ "        props:\n          sharding-count: 3" + idProps + "\n    keyGenerators:\n      ids:\n"
				+ "        type: TIME_SORTED_ID\n        props:" + idProps + "\n          snowflake.node-id: 900\n";
		DataSource sharded = YamlShardingSphereDataSourceFactory.createDataSource(shards, yaml.getBytes(StandardCharsets.UTF_8));
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table + " (body) VALUES (?)")) {
			for (int i = 0; i < ROWS; i++) {
				insert.setString(1, "row " + i);
				insert.executeUpdate();
			}
		}
		TimeSortedIdModShardingAlgorithm mod = ModShardingProperties.mod(algorithm, 3);
		IdFormat format = Columns.format(algorithm);
		List<String> ids = new ArrayList<>();
		int shard = 0;
		for (DataSource each : shards.values()) {
			try (Connection connection = each.getConnection(); Statement statement = connection.createStatement();
					ResultSet rows = statement.executeQuery("SELECT id FROM " + table)) {
				while (rows.next()) {
					Object stored = rows.getObject(1);
					String id = switch (storage) {
						case "text" -> (String) stored;
						default -> (stored instanceof UUID uuid) ? format.binary().fromUuid(uuid)
								: format.format(Long.toString((Long) stored));
					};
					format.validate(id);
					assertThat(mod.shardOf(stored)).as(id + " on ds_" + shard).isEqualTo(shard);
					ids.add(id);
				}
			}
			shard++;
		}
		assertThat(ids).hasSize(ROWS).doesNotHaveDuplicates();
	}

}
