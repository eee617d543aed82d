package io.github.timesortedid.shardingsphere.hibernate;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;

import org.apache.shardingsphere.driver.jdbc.core.datasource.metadata.ShardingSphereDatabaseMetaData;
import org.hibernate.dialect.Dialect;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolutionInfo;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolver;
import org.jspecify.annotations.Nullable;

/**
 * Picks {@link ShardingSpherePostgreSQLDialect} when Hibernate resolves the dialect of a
 * ShardingSphere-JDBC connection to PostgreSQL shards, and leaves every other connection to
 * Hibernate's own resolution. (H2 shards are not among them: ShardingSphere 5.5 reads H2's SQL with
 * MySQL's grammar, which refuses Hibernate's H2 DDL, such as a {@code uuid} column.) Hibernate finds it through
 * {@code META-INF/services} (its {@code DialectResolverInitiator} asks discovered resolvers
 * first) and asks it only when no dialect is configured, so a configured
 * {@code hibernate.dialect} or {@code spring.jpa.database-platform} wins, with or without Spring.
 */
public class ShardingSphereDialectResolver implements DialectResolver {

	/** Made by Hibernate's service discovery. */
	public ShardingSphereDialectResolver() {
	}

	@Override
	public @Nullable Dialect resolveDialect(DialectResolutionInfo info) {
		if (!isShardingSphere(info.getDatabaseMetadata())) {
			return null;
		}
		String product = String.valueOf(info.getDatabaseName()).toLowerCase(Locale.ROOT);
		if (product.contains("postgresql")) {
			return new ShardingSpherePostgreSQLDialect(info);
		}
		return null;
	}

	private static boolean isShardingSphere(@Nullable DatabaseMetaData metadata) {
		if (metadata == null) {
			return false;
		}
		try {
			// ShardingSphere's metadata answers for a shard's, whose getConnection() is the shard's own
			// connection; a pool's metadata (Hikari's) answers for the ShardingSphere metadata it wraps
			return metadata instanceof ShardingSphereDatabaseMetaData
					|| metadata.isWrapperFor(ShardingSphereDatabaseMetaData.class);
		}
		catch (SQLException ex) {
			return false;
		}
	}

}
