package io.github.timesortedid.sample;

import java.io.IOException;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;

/**
 * The {@code partitioned} profile without a database of your own: when {@code SAMPLE_DATABASE_URL}
 * is not set, the app starts a PostgreSQL server itself (H2, the default database, has no
 * partitions) and its data source takes the place of the one {@code spring.datasource} describes.
 */
@Configuration(proxyBeanMethods = false)
@Profile("partitioned")
@ConditionalOnExpression("'${SAMPLE_DATABASE_URL:}'.isEmpty()")
class PartitionedDataSourceConfiguration {

	@Bean(destroyMethod = "close")
	EmbeddedPostgres partitionedServer() throws IOException {
		return EmbeddedServers.start();
	}

	@Bean
	HikariDataSource dataSource(EmbeddedPostgres partitionedServer) {
		return EmbeddedServers.pool(partitionedServer);
	}

}
