package io.github.timesortedid.shardingsphere.hibernate;

import org.hibernate.dialect.DatabaseVersion;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.dialect.pagination.LimitHandler;
import org.hibernate.dialect.pagination.LimitOffsetLimitHandler;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolutionInfo;
import org.hibernate.query.common.FetchClauseType;

/**
 * Hibernate's PostgreSQL dialect for shards behind ShardingSphere-JDBC: pages are written
 * {@code limit ? offset ?} rather than {@code offset ? rows fetch first ? rows only}.
 * <p>
 * ShardingSphere 5.5 rewrites a page's {@code limit}/{@code offset} for each shard (every shard
 * must send the first {@code offset + limit} rows, which it then merges and skips), but of the
 * {@code fetch first} form it rewrites the offset to 0 without raising the row count, so that page
 * 2 and later pages across shards miss rows. With {@code supportsFetchClause} false, Hibernate's
 * PostgreSQL translator writes the {@code limit} form ({@code PostgreSQLSqlAstTranslator}), and
 * the limit handler does the same for native queries. {@link ShardingSphereDialectResolver} picks
 * this dialect on a ShardingSphere connection to PostgreSQL when none is configured.
 */
public class ShardingSpherePostgreSQLDialect extends PostgreSQLDialect {

	/** Makes the dialect for the lowest PostgreSQL version Hibernate supports. */
	public ShardingSpherePostgreSQLDialect() {
	}

	/**
	 * Makes the dialect for a database version.
	 * @param version the version of the shards
	 */
	public ShardingSpherePostgreSQLDialect(DatabaseVersion version) {
		super(version);
	}

	/**
	 * Makes the dialect for what a connection's metadata says.
	 * @param info the shards' metadata, as ShardingSphere's connection gives it
	 */
	public ShardingSpherePostgreSQLDialect(DialectResolutionInfo info) {
		super(info);
	}

	@Override
	public boolean supportsFetchClause(FetchClauseType type) {
		// rows only: limit/offset; with ties and percent: emulated with window functions
		return false;
	}

	@Override
	public LimitHandler getLimitHandler() {
		return LimitOffsetLimitHandler.INSTANCE;
	}

}
