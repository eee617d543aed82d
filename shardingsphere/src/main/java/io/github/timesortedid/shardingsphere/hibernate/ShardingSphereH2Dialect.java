package io.github.timesortedid.shardingsphere.hibernate;

import org.hibernate.dialect.DatabaseVersion;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.dialect.pagination.LimitHandler;
import org.hibernate.dialect.pagination.LimitOffsetLimitHandler;
import org.hibernate.dialect.sql.ast.H2SqlAstTranslator;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolutionInfo;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.sql.ast.SqlAstTranslator;
import org.hibernate.sql.ast.SqlAstTranslatorFactory;
import org.hibernate.sql.ast.spi.StandardSqlAstTranslatorFactory;
import org.hibernate.sql.ast.tree.Statement;
import org.hibernate.sql.ast.tree.select.QueryPart;
import org.hibernate.sql.exec.spi.JdbcOperation;

/**
 * Hibernate's H2 dialect for shards behind ShardingSphere-JDBC: pages are written
 * {@code limit ? offset ?}, which ShardingSphere rewrites and merges across shards, rather than
 * {@code offset ? rows fetch first ? rows only}, which it does not (see
 * {@link ShardingSpherePostgreSQLDialect}). H2's translator always writes the {@code fetch} form
 * for a page of rows, so this dialect's translator writes those pages itself.
 */
public class ShardingSphereH2Dialect extends H2Dialect {

	/** Makes the dialect for the lowest H2 version Hibernate supports. */
	public ShardingSphereH2Dialect() {
	}

	/**
	 * Makes the dialect for a database version.
	 * @param version the version of the shards
	 */
	public ShardingSphereH2Dialect(DatabaseVersion version) {
		super(version);
	}

	/**
	 * Makes the dialect for what a connection's metadata says.
	 * @param info the shards' metadata, as ShardingSphere's connection gives it
	 */
	public ShardingSphereH2Dialect(DialectResolutionInfo info) {
		super(info);
	}

	@Override
	public LimitHandler getLimitHandler() {
		return LimitOffsetLimitHandler.INSTANCE;
	}

	@Override
	public SqlAstTranslatorFactory getSqlAstTranslatorFactory() {
		return new StandardSqlAstTranslatorFactory() {

			@Override
			protected <T extends JdbcOperation> SqlAstTranslator<T> buildTranslator(SessionFactoryImplementor sessionFactory,
					Statement statement) {
				return new LimitOffsetTranslator<>(sessionFactory, statement);
			}

		};
	}

	/** H2's translator, with pages of rows as {@code limit ? offset ?}. */
	private static final class LimitOffsetTranslator<T extends JdbcOperation> extends H2SqlAstTranslator<T> {

		LimitOffsetTranslator(SessionFactoryImplementor sessionFactory, Statement statement) {
			super(sessionFactory, statement);
		}

		@Override
		public void visitOffsetFetchClause(QueryPart queryPart) {
			if (isRowsOnlyFetchClauseType(queryPart) && !isRowNumberingCurrentQueryPart()) {
				renderLimitOffsetClause(queryPart);
			}
			else {
				super.visitOffsetFetchClause(queryPart);
			}
		}

	}

}
