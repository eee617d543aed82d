package io.github.timesortedid.hibernate;

import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.ConnectionSource;
import io.github.timesortedid.model.DatabaseKind;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.jdbc.connections.spi.JdbcConnectionAccess;
import org.hibernate.type.SqlTypes;

/** The model's names for what Hibernate knows of the database: its kind, and where its connections come from. */
final class Databases {

	private Databases() {
	}

	/** The database a dialect speaks to; MariaDB's dialect is a MySQL dialect too, so it is asked first. */
	static DatabaseKind of(Dialect dialect) {
		if (dialect instanceof PostgreSQLDialect) {
			return DatabaseKind.POSTGRESQL;
		}
		if (dialect instanceof MariaDBDialect) {
			return DatabaseKind.MARIADB;
		}
		if (dialect instanceof MySQLDialect) {
			return DatabaseKind.MYSQL;
		}
		return (dialect instanceof H2Dialect) ? DatabaseKind.H2 : DatabaseKind.OTHER;
	}

	/** The JDBC type code Hibernate maps to a kind of column on each database. */
	static int sqlType(ColumnFamily family) {
		return switch (family) {
			case TEXT -> SqlTypes.VARCHAR;
			case BIGINT -> SqlTypes.BIGINT;
			case UUID -> SqlTypes.UUID;
			case BINARY -> SqlTypes.BINARY;
		};
	}

	/** Hibernate's connections for work at startup, before the session factory serves sessions. */
	static ConnectionSource connections(JdbcConnectionAccess access) {
		return new ConnectionSource() {

			@Override
			public java.sql.Connection obtain() throws java.sql.SQLException {
				return access.obtainConnection();
			}

			@Override
			public void release(java.sql.Connection connection) throws java.sql.SQLException {
				access.releaseConnection(connection);
			}

		};
	}

}
