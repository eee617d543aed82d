package io.github.timesortedid.model;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where the startup checks take a connection from and give it back to: Hibernate's bootstrap
 * connection access, or a {@code DataSource}.
 */
public interface ConnectionSource {

	/**
	 * Takes a connection.
	 * @return the connection
	 * @throws SQLException if the database cannot be reached
	 */
	Connection obtain() throws SQLException;

	/**
	 * Gives a connection back.
	 * @param connection a connection this source gave
	 * @throws SQLException if it cannot be given back
	 */
	default void release(Connection connection) throws SQLException {
		connection.close();
	}

}
