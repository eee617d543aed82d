package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.shardingsphere.shop.ShopApplication;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The start-up checks of a Spring Data JDBC application over shards: the module's comparison of
 * every shard's tables, and the starter's schema check of the aggregates' ID columns, which reads
 * the catalog through ShardingSphere's data source. Each misconfiguration fails startup with a
 * failure analysis naming the column and where it is.
 */
class ShardedAggregateStartupTests {

	@Test
	void aShardWhoseBackReferenceDiffersFailsStartupNamingItAndTheShard() throws Exception {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/shop-schema-postgresql.sql");
		execute(shards.get("ds_2"), "ALTER TABLE purchase_line ALTER COLUMN purchase_id TYPE varchar(20)");
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(
				() -> ShopApplication.start(PostgresShards.sharded(shards, "sharding/shop-mod.yaml"), Map.of()).close()));
		assertThat(analysis.getDescription()).startsWith("The shards' tables differ")
			.contains("purchase_line.purchase_id is varchar(30) collate C not null on ds_0.purchase_line but "
					+ "varchar(20) not null on ds_2.purchase_line");
	}

	@Test
	void idColumnsThatCannotHoldTheirIdsOnEveryShardFailStartupWithTheirFix() throws Exception {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/shop-schema-postgresql.sql");
		for (DataSource shard : shards.values()) {
			execute(shard, "ALTER TABLE purchase_line ALTER COLUMN id TYPE varchar(20)");
		}
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(
				() -> ShopApplication.start(PostgresShards.sharded(shards, "sharding/shop-mod.yaml"), Map.of()).close()));
		assertThat(analysis.getDescription()).containsIgnoringCase("purchase_line")
			.contains("which holds at most 20 characters, but its IDs need 32");
		assertThat(analysis.getAction()).contains("varchar(32)");
	}

	private static void execute(DataSource dataSource, String sql) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

}
