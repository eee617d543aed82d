package io.github.timesortedid.lease;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import javax.sql.DataSource;

import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.jspecify.annotations.Nullable;

/** The lease table's statements, in the SQL of the database at hand. */
final class LeaseTable {

	/**
	 * How long a renewal or a release may wait for the server, as its query timeout. A server out of
	 * reach answers nothing, not even the cancel request a query timeout sends, so the connection's
	 * network timeout, a little longer, bounds the wait for an answer as well.
	 */
	static final Duration STATEMENT_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration NETWORK_TIMEOUT = STATEMENT_TIMEOUT.plusSeconds(2);

	/** The longest a statement run by {@link #bounded} can take once it has a connection. */
	static final Duration LONGEST = NETWORK_TIMEOUT;

	private final String table;

	/** The database clock's Unix milliseconds, whatever the session's time zone. */
	private final String now;

	private final long ttlMillis;

	private final long trustMillis;

	private LeaseTable(String table, String now, LeaseOptions options) {
		this.table = table;
		this.now = now;
		this.ttlMillis = options.ttl().toMillis();
		this.trustMillis = options.trust().toMillis();
	}

	static LeaseTable of(Connection connection, LeaseOptions options) throws SQLException {
		String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
		if (product.contains("mariadb") || product.contains("mysql")) {
			// UTC_TIMESTAMP ignores the session's time_zone; UNIX_TIMESTAMP(NOW()) would go through it
			return new LeaseTable(options.table(), "(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000)", options);
		}
		// SQL's CURRENT_TIMESTAMP is a TIMESTAMP WITH TIME ZONE on H2 and PostgreSQL: its epoch is absolute
		return new LeaseTable(options.table(), "CAST(EXTRACT(EPOCH FROM CURRENT_TIMESTAMP) * 1000 AS BIGINT)", options);
	}

	void createTable(Connection connection) throws SQLException {
		String ddl = "CREATE TABLE IF NOT EXISTS " + this.table + " (node_id INTEGER NOT NULL PRIMARY KEY, "
				+ "owner VARCHAR(200) NOT NULL, expires_at BIGINT NOT NULL, high_water BIGINT NOT NULL)";
		try (Statement statement = connection.createStatement()) {
			statement.execute(ddl);
		}
		catch (SQLException ex) {
			// instances starting at once can race on the catalog; the table is there if the other won
			try (Statement statement = connection.createStatement()) {
				statement.executeQuery("SELECT count(*) FROM " + this.table).close();
			}
			catch (SQLException missing) {
				ex.addSuppressed(missing);
				throw ex;
			}
		}
		checkLayout(connection);
	}

	/**
	 * Refuses a table of the layout before high-water marks, whose expiry was a zone-less
	 * timestamp: its rows cannot be judged safely, and instances of that version may still use it.
	 */
	private void checkLayout(Connection connection) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.executeQuery("SELECT node_id, owner, expires_at + 0, high_water FROM " + this.table + " WHERE 1 = 0")
				.close();
		}
		catch (SQLException ex) {
			throw new TimeSortedIdConfigurationException("The node lease table " + this.table + " has another layout "
					+ "than (node_id INTEGER, owner VARCHAR(200), expires_at BIGINT, high_water BIGINT), probably that of an "
					+ "earlier time-sorted-id version, whose expires_at TIMESTAMP depended on session time zones: "
					+ ex.getMessage(),
					"Stop the instances that use it and drop it (DROP TABLE " + this.table + "); it is created again with the "
							+ "new layout. Or set time-sorted-id.node-lease.table to another table.");
		}
	}

	Set<Integer> taken(Connection connection) throws SQLException {
		Set<Integer> taken = new HashSet<>();
		try (Statement statement = connection.createStatement();
				ResultSet rows = statement
					.executeQuery("SELECT node_id FROM " + this.table + " WHERE expires_at >= " + this.now)) {
			while (rows.next()) {
				taken.add(rows.getInt(1));
			}
		}
		return taken;
	}

	/** Takes the node if it is free, with a reservation above its high-water mark; null if taken. */
	@Nullable Claim claim(Connection connection, int node, String owner, long sentNanos, long clockMillis) throws SQLException {
		// what the claimer's clock allows: IDs from its current millisecond on
		long floor = clockMillis - 1;
		try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + this.table
				+ " (node_id, owner, expires_at, high_water) VALUES (?, ?, " + this.now + " + ?, ?)")) {
			insert.setInt(1, node);
			insert.setString(2, owner);
			insert.setLong(3, this.ttlMillis);
			insert.setLong(4, floor + this.trustMillis);
			insert.executeUpdate();
			return new Claim(node, floor, floor + this.trustMillis, sentNanos);
		}
		catch (SQLException ex) {
			if (ex.getSQLState() == null || !ex.getSQLState().startsWith("23")) {
				throw ex;
			}
		}
		// the row exists: take it only if its lease has run out, reserving above its mark
		try (PreparedStatement update = connection.prepareStatement("UPDATE " + this.table + " SET owner = ?, expires_at = "
				+ this.now + " + ?, high_water = GREATEST(high_water, ?) + ? WHERE node_id = ? AND expires_at < " + this.now)) {
			update.setString(1, owner);
			update.setLong(2, this.ttlMillis);
			update.setLong(3, floor);
			update.setLong(4, this.trustMillis);
			update.setInt(5, node);
			if (update.executeUpdate() != 1) {
				return null;
			}
		}
		try (PreparedStatement select = connection
			.prepareStatement("SELECT high_water FROM " + this.table + " WHERE node_id = ? AND owner = ?")) {
			select.setInt(1, node);
			select.setString(2, owner);
			try (ResultSet row = select.executeQuery()) {
				if (!row.next()) {
					// taken over in between: possible only if this claim already expired
					return null;
				}
				long reserved = row.getLong(1);
				return new Claim(node, reserved - this.trustMillis, reserved, sentNanos);
			}
		}
	}

	String holder(Connection connection, int node) throws SQLException {
		try (PreparedStatement select = connection
			.prepareStatement("SELECT owner FROM " + this.table + " WHERE node_id = ?")) {
			select.setInt(1, node);
			try (ResultSet row = select.executeQuery()) {
				return row.next() ? row.getString(1) : "nobody";
			}
		}
	}

	/**
	 * Runs a renewal or release in autocommit on a connection of its own, bounded by
	 * {@link #STATEMENT_TIMEOUT} on the server and {@link #NETWORK_TIMEOUT} on the network; the
	 * connection's own network timeout is put back after, for the pool that lends it.
	 */
	static <T> T bounded(DataSource dataSource, Work<T> work) throws SQLException {
		try (Connection connection = dataSource.getConnection()) {
			connection.setAutoCommit(true);
			int previous = -1;
			try {
				previous = connection.getNetworkTimeout();
				connection.setNetworkTimeout(Runnable::run, (int) NETWORK_TIMEOUT.toMillis());
			}
			catch (SQLFeatureNotSupportedException ex) {
				// a driver without network I/O (H2 in memory) or one that cannot bound it
			}
			try {
				return work.run(connection);
			}
			finally {
				if (previous >= 0) {
					restore(connection, previous);
				}
			}
		}
	}

	private static void restore(Connection connection, int networkTimeout) {
		try {
			connection.setNetworkTimeout(Runnable::run, networkTimeout);
		}
		catch (SQLException ex) {
			// a connection whose network timed out is broken, and its pool discards it
		}
	}

	boolean renew(Connection connection, int node, String owner, long reserve) throws SQLException {
		try (PreparedStatement update = connection.prepareStatement("UPDATE " + this.table + " SET expires_at = " + this.now
				+ " + ?, high_water = GREATEST(high_water, ?) WHERE node_id = ? AND owner = ?")) {
			update.setQueryTimeout((int) STATEMENT_TIMEOUT.toSeconds());
			update.setLong(1, this.ttlMillis);
			update.setLong(2, reserve);
			update.setInt(3, node);
			update.setString(4, owner);
			return update.executeUpdate() == 1;
		}
	}

	/**
	 * Expires the row now, lowers its mark from the reservation to what was really used, and marks
	 * the owner released: a renewal sent before the release that reaches the database after it (held
	 * up on the network) matches no row, instead of holding the node again for a whole TTL. The
	 * renewal keeps no condition on the expiry, so that a holder whose lease ran out while the
	 * database was unreachable, and that nobody took over, resumes.
	 */
	void release(Connection connection, int node, String owner, long used) throws SQLException {
		try (PreparedStatement update = connection.prepareStatement("UPDATE " + this.table + " SET expires_at = " + this.now
				+ " - 1, high_water = ?, owner = ? WHERE node_id = ? AND owner = ?")) {
			update.setQueryTimeout((int) STATEMENT_TIMEOUT.toSeconds());
			update.setLong(1, used);
			update.setString(2, released(owner));
			update.setInt(3, node);
			update.setString(4, owner);
			update.executeUpdate();
		}
	}

	/** The owner of a released row: the holder's name marked, so that no live holder has it. */
	private static String released(String owner) {
		String released = "released by " + owner;
		return (released.length() > 200) ? released.substring(0, 200) : released;
	}

	/**
	 * A node just claimed.
	 * @param node the node ID
	 * @param highWaterMark the highest millisecond its earlier holders may have used
	 * @param reservedUntil the highest millisecond this holder may use until it renews
	 * @param sentNanos when the claim was sent, on the monotonic clock
	 */
	record Claim(int node, long highWaterMark, long reservedUntil, long sentNanos) {
	}

	/** Statements run on a connection. */
	@FunctionalInterface
	interface Work<T> {

		T run(Connection connection) throws SQLException;

	}

}
