package io.github.timesortedid.lease;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.timesortedid.hibernate.TimeSortedIdConfigurationException;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.id.LeaseGuard;

/**
 * A node ID leased from a table in the application's own database, so that no two live instances
 * make {@code snowflake} IDs (or {@code couchdb-utc-id} suffixes) with the same node. No new
 * infrastructure: one small table, plain SQL, autocommit.
 * <ul>
 * <li><b>Claim.</b> A free node is taken atomically: an {@code INSERT} of its row, or, for a row
 * whose lease has expired, an {@code UPDATE ... WHERE expires_at < now}; the primary key and the
 * conditional update decide races between instances starting at once.</li>
 * <li><b>Time.</b> Expiry is computed by the database's clock, so instances with skewed clocks
 * agree on it.</li>
 * <li><b>Renew.</b> A heartbeat moves the expiry forward by the TTL.</li>
 * <li><b>Stop before expiry.</b> The holder trusts its lease for the TTL minus a margin, counted on
 * the monotonic clock from the moment each renewal was sent; past that, {@link #check} refuses to
 * let IDs be made, before any other instance can claim the node. A later successful renewal
 * resumes; a lease taken over by another instance is lost for good.</li>
 * <li><b>Release.</b> {@link #close()} deletes the row, so the node is free at once.</li>
 * </ul>
 */
public final class NodeLease implements LeaseGuard, AutoCloseable {

	/** The table used when none is configured. */
	public static final String DEFAULT_TABLE = "time_sorted_id_node_lease";

	private static final Logger logger = System.getLogger(NodeLease.class.getName());

	private final DataSource dataSource;

	private final Options options;

	private final Sql sql;

	private final String owner;

	private final int nodeId;

	private final ScheduledExecutorService scheduler;

	private volatile long validUntilNanos;

	private volatile long validUntilMillis;

	/** Cleared by a watchdog when the monotonic deadline passes, so that checks read no clock. */
	private volatile boolean trusted;

	private volatile boolean lost;

	private volatile boolean closed;

	private NodeLease(DataSource dataSource, Options options, Sql sql, String owner, int nodeId, long claimedNanos,
			long claimedMillis) {
		this.dataSource = dataSource;
		this.options = options;
		this.sql = sql;
		this.owner = owner;
		this.nodeId = nodeId;
		// two threads: a renewal stuck on the network must not hold up the expiry watchdog
		this.scheduler = Executors.newScheduledThreadPool(2, task -> {
			Thread thread = new Thread(task, "time-sorted-id-node-lease-" + nodeId);
			thread.setDaemon(true);
			return thread;
		});
		trustUntil(claimedNanos, claimedMillis);
		long heartbeat = options.heartbeat.toMillis();
		this.scheduler.scheduleWithFixedDelay(this::renew, heartbeat, heartbeat, TimeUnit.MILLISECONDS);
	}

	/**
	 * Claims a free node ID, creating the lease table if it is missing, and starts renewing it.
	 * @param dataSource the application's database
	 * @param options table, TTL, heartbeat, node range and clock
	 * @return the lease
	 * @throws TimeSortedIdConfigurationException if every node in the range is leased
	 * @throws IllegalStateException if the database cannot be used
	 */
	public static NodeLease acquire(DataSource dataSource, Options options) {
		String owner = owner();
		try (Connection connection = dataSource.getConnection()) {
			connection.setAutoCommit(true);
			Sql sql = Sql.of(connection, options.table, options.ttl);
			sql.createTable(connection);
			Set<Integer> taken = sql.taken(connection);
			List<Integer> candidates = new ArrayList<>();
			for (int node = options.minNode; node <= options.maxNode; node++) {
				if (!taken.contains(node)) {
					candidates.add(node);
				}
			}
			// a random start spreads instances starting at once over the range
			Collections.rotate(candidates, (int) (Math.random() * Math.max(1, candidates.size())));
			for (int node : candidates) {
				long sentNanos = System.nanoTime();
				long sentMillis = options.clock.millis();
				if (sql.claim(connection, node, owner)) {
					logger.log(Level.INFO, () -> "Leased node " + node + " in " + options.table + " as " + owner);
					return new NodeLease(dataSource, options, sql, owner, node, sentNanos, sentMillis);
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not lease a node ID from table " + options.table + ": " + ex.getMessage(), ex);
		}
		throw new TimeSortedIdConfigurationException(
				"All " + (options.maxNode - options.minNode + 1) + " node IDs (" + options.minNode + " to " + options.maxNode
						+ ") are leased in table " + options.table + ", so this instance has none to make IDs with.",
				"Stop an instance, or wait up to " + options.ttl + " for the leases of instances that died to expire "
						+ "(rows whose expires_at has passed are free), or set a fixed node ID.");
	}

	/**
	 * Returns the leased node ID.
	 * @return 0 to 1023
	 */
	public int nodeId() {
		return this.nodeId;
	}

	/**
	 * Returns the {@code couchdb-utc-id} suffix this lease stands for: {@code @} and the node in
	 * three hex digits, so every instance's suffix has the same length.
	 * @return the suffix, e.g. {@code @07f}
	 */
	public String suffix() {
		return String.format(Locale.ROOT, "@%03x", this.nodeId);
	}

	/**
	 * Tells whether IDs may be made under this lease now.
	 * @return true while the lease is trusted
	 */
	public boolean isValid() {
		return this.trusted && !this.lost && !this.closed && System.nanoTime() - this.validUntilNanos < 0;
	}

	@Override
	public void check(long epochMillis) {
		if (!this.trusted || this.lost || this.closed || epochMillis > this.validUntilMillis) {
			throw new IdGenerationException("The lease of node " + this.nodeId + " in table " + this.options.table
					+ (this.closed ? " was released" : this.lost ? " was taken over by another instance"
							: " could not be renewed in time (trusted until " + Instant.ofEpochMilli(this.validUntilMillis) + ")")
					+ "; this instance makes no IDs rather than risk duplicates with one that may now hold node "
					+ this.nodeId + ". Check the database connection; a renewed lease resumes.");
		}
	}

	/** Renews the lease; called by the heartbeat. */
	void renew() {
		if (this.closed || this.lost) {
			return;
		}
		long sentNanos = System.nanoTime();
		long sentMillis = this.options.clock.millis();
		try (Connection connection = this.dataSource.getConnection()) {
			connection.setAutoCommit(true);
			if (this.sql.renew(connection, this.nodeId, this.owner)) {
				trustUntil(sentNanos, sentMillis);
			}
			else {
				this.lost = true;
				logger.log(Level.ERROR, () -> "The lease of node " + this.nodeId + " in " + this.options.table
						+ " was taken over by another instance; this instance makes no more IDs with it");
			}
		}
		catch (SQLException | RuntimeException ex) {
			logger.log(Level.WARNING, () -> "Could not renew the lease of node " + this.nodeId + " in " + this.options.table
					+ "; IDs stop at " + Instant.ofEpochMilli(this.validUntilMillis) + " unless a renewal succeeds: " + ex);
		}
	}

	/** Releases the node: stops renewing and deletes the row, so it is free at once. */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		this.scheduler.shutdownNow();
		if (this.lost) {
			return;
		}
		try (Connection connection = this.dataSource.getConnection()) {
			connection.setAutoCommit(true);
			this.sql.release(connection, this.nodeId, this.owner);
		}
		catch (SQLException ex) {
			logger.log(Level.WARNING, () -> "Could not release node " + this.nodeId + "; it frees itself after " + this.options.ttl);
		}
	}

	/**
	 * Trusts the lease for the TTL minus the margin from when the claim or renewal was sent: by the
	 * wall clock the generators read anyway, and by the monotonic clock through a watchdog, which
	 * also covers a wall clock that steps back.
	 */
	private void trustUntil(long sentNanos, long sentMillis) {
		Duration trust = this.options.ttl.minus(this.options.margin());
		long deadline = sentNanos + trust.toNanos();
		this.validUntilNanos = deadline;
		this.validUntilMillis = sentMillis + trust.toMillis();
		this.trusted = true;
		long delay = Math.max(0, deadline - System.nanoTime());
		this.scheduler.schedule(() -> {
			if (System.nanoTime() - this.validUntilNanos >= 0) {
				this.trusted = false;
			}
		}, delay, TimeUnit.NANOSECONDS);
	}

	private static String owner() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (Exception ex) {
			host = "unknown";
		}
		String owner = host + "/" + ManagementFactory.getRuntimeMXBean().getPid() + "/"
				+ UUID.randomUUID().toString().substring(0, 8);
		return (owner.length() > 200) ? owner.substring(owner.length() - 200) : owner;
	}

	/** How a lease is taken and kept. */
	public static final class Options {

		final String table;

		final Duration ttl;

		final Duration heartbeat;

		final int minNode;

		final int maxNode;

		final Clock clock;

		/**
		 * Creates options.
		 * @param table the lease table, a plain SQL identifier
		 * @param ttl how long a lease lasts without renewal, at least 2 seconds
		 * @param heartbeat how often it is renewed, shorter than the TTL minus its safety margin
		 * @param minNode the lowest node ID to lease
		 * @param maxNode the highest node ID to lease
		 * @param clock the clock of the generators that check the lease
		 */
		public Options(String table, Duration ttl, Duration heartbeat, int minNode, int maxNode, Clock clock) {
			if (table == null || !table.matches("[A-Za-z_][A-Za-z0-9_]{0,62}")) {
				throw new IllegalArgumentException("The lease table must be a plain SQL identifier, not '" + table + "'");
			}
			if (ttl.compareTo(Duration.ofSeconds(2)) < 0) {
				throw new IllegalArgumentException("The lease TTL must be at least 2s, not " + ttl);
			}
			if (heartbeat.isNegative() || heartbeat.isZero() || heartbeat.compareTo(ttl.minus(margin(ttl))) >= 0) {
				throw new IllegalArgumentException("The lease heartbeat (" + heartbeat + ") must be positive and shorter than "
						+ ttl.minus(margin(ttl)) + " (the TTL " + ttl + " minus its safety margin), or leases lapse between beats");
			}
			if (minNode < 0 || maxNode > 1023 || minNode > maxNode) {
				throw new IllegalArgumentException("Node IDs lie in 0..1023, not " + minNode + ".." + maxNode);
			}
			this.table = table;
			this.ttl = ttl;
			this.heartbeat = heartbeat;
			this.minNode = minNode;
			this.maxNode = maxNode;
			this.clock = clock;
		}

		/**
		 * Returns the defaults: table {@value NodeLease#DEFAULT_TABLE}, TTL 30 s, heartbeat 10 s,
		 * nodes 0 to 1023, the system clock.
		 * @return default options
		 */
		public static Options defaults() {
			return new Options(DEFAULT_TABLE, Duration.ofSeconds(30), Duration.ofSeconds(10), 0, 1023, Clock.systemUTC());
		}

		/** The part of the TTL the holder does not use, to cover the renewal's own latency. */
		Duration margin() {
			return margin(this.ttl);
		}

		private static Duration margin(Duration ttl) {
			return ttl.dividedBy(5).compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : ttl.dividedBy(5);
		}

	}

	/** The statements, in the SQL of the database at hand. */
	private static final class Sql {

		private final String table;

		private final String now;

		private final String expiry;

		private final String timestampType;

		private Sql(String table, String now, long ttlSeconds, String timestampType) {
			this.table = table;
			this.now = now;
			this.expiry = now + " + INTERVAL '" + ttlSeconds + "' SECOND";
			this.timestampType = timestampType;
		}

		static Sql of(Connection connection, String table, Duration ttl) throws SQLException {
			String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
			long seconds = (ttl.toMillis() + 999) / 1000;
			if (product.contains("mariadb") || product.contains("mysql")) {
				return new Sql(table, "CURRENT_TIMESTAMP(3)", seconds, "DATETIME(3)");
			}
			return new Sql(table, "CURRENT_TIMESTAMP", seconds, "TIMESTAMP(3)");
		}

		void createTable(Connection connection) throws SQLException {
			String ddl = "CREATE TABLE IF NOT EXISTS " + this.table + " (node_id INTEGER NOT NULL PRIMARY KEY, "
					+ "owner VARCHAR(200) NOT NULL, expires_at " + this.timestampType + " NOT NULL)";
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
		}

		Set<Integer> taken(Connection connection) throws SQLException {
			Set<Integer> taken = new HashSet<>();
			try (Statement statement = connection.createStatement();
					ResultSet rows = statement.executeQuery(
							"SELECT node_id FROM " + this.table + " WHERE expires_at >= " + this.now)) {
				while (rows.next()) {
					taken.add(rows.getInt(1));
				}
			}
			return taken;
		}

		boolean claim(Connection connection, int node, String owner) throws SQLException {
			try (PreparedStatement insert = connection.prepareStatement(
					"INSERT INTO " + this.table + " (node_id, owner, expires_at) VALUES (?, ?, " + this.expiry + ")")) {
				insert.setInt(1, node);
				insert.setString(2, owner);
				insert.executeUpdate();
				return true;
			}
			catch (SQLException ex) {
				if (ex.getSQLState() == null || !ex.getSQLState().startsWith("23")) {
					throw ex;
				}
			}
			// the row exists: take it only if its lease has run out
			try (PreparedStatement update = connection.prepareStatement("UPDATE " + this.table + " SET owner = ?, expires_at = "
					+ this.expiry + " WHERE node_id = ? AND expires_at < " + this.now)) {
				update.setString(1, owner);
				update.setInt(2, node);
				return update.executeUpdate() == 1;
			}
		}

		boolean renew(Connection connection, int node, String owner) throws SQLException {
			try (PreparedStatement update = connection.prepareStatement(
					"UPDATE " + this.table + " SET expires_at = " + this.expiry + " WHERE node_id = ? AND owner = ?")) {
				update.setQueryTimeout(5);
				update.setInt(1, node);
				update.setString(2, owner);
				return update.executeUpdate() == 1;
			}
		}

		void release(Connection connection, int node, String owner) throws SQLException {
			try (PreparedStatement delete = connection
				.prepareStatement("DELETE FROM " + this.table + " WHERE node_id = ? AND owner = ?")) {
				delete.setInt(1, node);
				delete.setString(2, owner);
				delete.executeUpdate();
			}
		}

	}

}
