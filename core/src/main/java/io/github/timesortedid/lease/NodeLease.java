package io.github.timesortedid.lease;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.hibernate.TimeSortedIdConfigurationException;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.id.LeaseGuard;

/**
 * A node ID leased from a table in the application's own database, so that no two live instances
 * make {@code snowflake} IDs (or {@code couchdb-utc-id} suffixes) with the same node, and no holder
 * repeats an ID an earlier holder of its node made. No new infrastructure: one small table, plain
 * SQL, autocommit.
 * <ul>
 * <li><b>Claim.</b> A free node is taken atomically: an {@code INSERT} of its row, or, for a row
 * whose lease has expired, an {@code UPDATE ... WHERE expires_at < now}; the primary key and the
 * conditional update decide races between instances starting at once.</li>
 * <li><b>One clock.</b> Expiry is Unix milliseconds computed and compared by the database from its
 * own clock, so neither the instances' clocks nor their sessions' time zones play a part.</li>
 * <li><b>High-water mark.</b> Each row keeps the highest Unix millisecond its holders may have put
 * in an ID. A holder reserves ahead of time what it may use until its next renewal and never goes
 * past its reservation; on release it writes what it really used. A new holder makes its IDs above
 * the mark, so a node that changes hands, cleanly or after a crash, never repeats an ID, whatever
 * the clocks of the two hosts say.</li>
 * <li><b>Renew.</b> A heartbeat moves the expiry forward by the TTL and the reservation with it.</li>
 * <li><b>Stop before expiry.</b> The holder trusts its lease for the TTL minus a margin, counted on
 * the monotonic clock from the moment each renewal was sent; past that, {@link #use} refuses to
 * let IDs be made, before any other instance can claim the node. A later successful renewal
 * resumes; a lease taken over by another instance is lost for good.</li>
 * <li><b>Release.</b> {@link #close()} expires the row at once and records the mark, so the node
 * is free at once and keeps its history.</li>
 * </ul>
 */
public final class NodeLease implements LeaseGuard, AutoCloseable {

	/** The table used when none is configured. */
	public static final String DEFAULT_TABLE = new TimeSortedIdProperties().getNodeLease().getTable();

	private static final Logger logger = System.getLogger(NodeLease.class.getName());

	private final DataSource dataSource;

	private final Options options;

	private final LeaseTable table;

	private final String owner;

	private final int nodeId;

	private final long highWaterMark;

	/** The highest millisecond put in an ID under this lease so far. */
	private final AtomicLong used;

	private final ScheduledExecutorService scheduler;

	private volatile long validUntilNanos;

	/** The reservation: the highest millisecond this holder may use, as recorded in its row. */
	private volatile long validUntilMillis;

	/** Cleared by a watchdog when the monotonic deadline passes, so that checks read no clock. */
	private volatile boolean trusted;

	private volatile boolean lost;

	private volatile boolean closed;

	private NodeLease(DataSource dataSource, Options options, LeaseTable table, String owner, LeaseTable.Claim claim) {
		this.dataSource = dataSource;
		this.options = options;
		this.table = table;
		this.owner = owner;
		this.nodeId = claim.node();
		this.highWaterMark = claim.highWaterMark();
		this.used = new AtomicLong(claim.highWaterMark());
		// two threads: a renewal stuck on the network must not hold up the expiry watchdog
		this.scheduler = Executors.newScheduledThreadPool(2, task -> {
			Thread thread = new Thread(task, "time-sorted-id-node-lease-" + claim.node());
			thread.setDaemon(true);
			// not the creating thread's context class loader, which after a DevTools restart is a
			// discarded one that a renewal stuck in a JDBC call would keep alive
			thread.setContextClassLoader(NodeLease.class.getClassLoader());
			return thread;
		});
		this.validUntilMillis = claim.reservedUntil();
		trustUntil(claim.sentNanos());
		long heartbeat = options.heartbeat.toMillis();
		this.scheduler.scheduleWithFixedDelay(this::renew, heartbeat, heartbeat, TimeUnit.MILLISECONDS);
	}

	/**
	 * Claims a free node ID, creating the lease table if it is missing, and starts renewing it.
	 * @param dataSource the application's database
	 * @param options table, TTL, heartbeat, node range and clock
	 * @return the lease
	 * @throws TimeSortedIdConfigurationException if every node in the range is leased, or the table
	 * has the layout of an earlier version
	 * @throws IllegalStateException if the database cannot be used
	 */
	public static NodeLease acquire(DataSource dataSource, Options options) {
		String owner = owner();
		try (Connection connection = dataSource.getConnection()) {
			connection.setAutoCommit(true);
			LeaseTable table = LeaseTable.of(connection, options);
			table.createTable(connection);
			Set<Integer> taken = table.taken(connection);
			List<Integer> candidates = new ArrayList<>();
			for (int node = options.minNode; node <= options.maxNode; node++) {
				if (!taken.contains(node)) {
					candidates.add(node);
				}
			}
			// a random start spreads instances starting at once over the range
			Collections.rotate(candidates, (int) (Math.random() * Math.max(1, candidates.size())));
			for (int node : candidates) {
				LeaseTable.Claim claim = table.claim(connection, node, owner, System.nanoTime(), options.clock.millis());
				if (claim != null) {
					return leased(dataSource, options, table, owner, claim);
				}
			}
			if (options.waitForNode) {
				return awaitNode(dataSource, connection, options, table, owner);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not lease a node ID from table " + options.table + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for node " + options.minNode + " in table " + options.table, ex);
		}
		throw new TimeSortedIdConfigurationException(
				"All " + (options.maxNode - options.minNode + 1) + " node IDs (" + options.minNode + " to " + options.maxNode
						+ ") are leased in table " + options.table + ", so this instance has none to make IDs with.",
				"Stop an instance, or wait up to " + options.ttl + " for the leases of instances that died to expire "
						+ "(rows whose expires_at has passed are free), or set a fixed node ID.");
	}

	private static NodeLease leased(DataSource dataSource, Options options, LeaseTable table, String owner, LeaseTable.Claim claim) {
		logger.log(Level.INFO, () -> "Leased node " + claim.node() + " in " + options.table + " as " + owner
				+ "; its IDs start above " + Instant.ofEpochMilli(claim.highWaterMark()));
		return new NodeLease(dataSource, options, table, owner, claim);
	}

	/**
	 * Waits for the one node of the options to be free: a holder that died frees it within the
	 * TTL, while one that renews is alive.
	 */
	private static NodeLease awaitNode(DataSource dataSource, Connection connection, Options options, LeaseTable table, String owner)
			throws SQLException, InterruptedException {
		int node = options.minNode;
		long deadline = System.nanoTime() + options.ttl.plus(options.heartbeat).toNanos();
		String holder = table.holder(connection, node);
		while (System.nanoTime() - deadline < 0) {
			Thread.sleep(Math.min(1000, options.heartbeat.toMillis() / 2));
			LeaseTable.Claim claim = table.claim(connection, node, owner, System.nanoTime(), options.clock.millis());
			if (claim != null) {
				return leased(dataSource, options, table, owner, claim);
			}
		}
		throw new TimeSortedIdConfigurationException("Node " + node + " is leased in table " + options.table + " by " + holder
				+ ", which kept renewing it while this instance waited " + options.ttl.plus(options.heartbeat)
				+ " for it, so another live instance uses the same node ID.",
				"Give every instance its own node ID: with pod-ordinal, check that no two pods share a name and ordinal "
						+ "(e.g. two StatefulSets with one name in a namespace, or a copy run outside Kubernetes).");
	}

	@Override
	public int nodeId() {
		return this.nodeId;
	}

	/**
	 * Tells whether IDs may be made under this lease now.
	 * @return true while the lease is trusted
	 */
	public boolean isValid() {
		return this.trusted && !this.lost && !this.closed && System.nanoTime() - this.validUntilNanos < 0;
	}

	@Override
	public long highWaterMark() {
		return this.highWaterMark;
	}

	@Override
	public void use(long epochMillis) {
		// recorded before the checks: close() reads the mark after it sets closed, so an ID that
		// passes the checks is always in the mark it writes
		if (epochMillis > this.used.get()) {
			this.used.accumulateAndGet(epochMillis, Math::max);
		}
		if (!this.trusted || this.lost || this.closed || epochMillis > this.validUntilMillis) {
			throw new IdGenerationException("The lease of node " + this.nodeId + " in table " + this.options.table
					+ (this.closed ? " was released" : this.lost ? " was taken over by another instance"
							: " could not be renewed in time (it reaches " + Instant.ofEpochMilli(this.validUntilMillis) + ")")
					+ "; this instance makes no IDs rather than risk duplicates with one that may now hold node "
					+ this.nodeId + ". Check the database connection; a renewed lease resumes.");
		}
	}

	/** Renews the lease and its reservation; called by the heartbeat. */
	void renew() {
		if (this.closed || this.lost) {
			return;
		}
		long sentNanos = System.nanoTime();
		long reserve = Math.max(this.used.get(), this.options.clock.millis()) + this.options.trust().toMillis();
		try (Connection connection = this.dataSource.getConnection()) {
			connection.setAutoCommit(true);
			if (this.table.renew(connection, this.nodeId, this.owner, reserve)) {
				this.validUntilMillis = Math.max(this.validUntilMillis, reserve);
				trustUntil(sentNanos);
			}
			else {
				this.lost = true;
				logger.log(Level.ERROR, () -> "The lease of node " + this.nodeId + " in " + this.options.table
						+ " was taken over by another instance; this instance makes no more IDs with it");
			}
		}
		catch (SQLException | RuntimeException ex) {
			logger.log(Level.WARNING, () -> "Could not renew the lease of node " + this.nodeId + " in " + this.options.table
					+ "; IDs stop within " + this.options.trust() + " of the last renewal unless one succeeds: " + ex);
		}
	}

	/**
	 * Releases the node: stops renewing, records the highest millisecond used and expires the row,
	 * so the node is free at once and its next holder starts above this one's IDs.
	 */
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
			this.table.release(connection, this.nodeId, this.owner, this.used.get());
		}
		catch (SQLException ex) {
			logger.log(Level.WARNING, () -> "Could not release node " + this.nodeId + "; it frees itself after " + this.options.ttl);
		}
	}

	/**
	 * Trusts the lease for the TTL minus the margin from when the claim or renewal was sent, by the
	 * monotonic clock through a watchdog, which also covers a wall clock that steps back.
	 */
	private void trustUntil(long sentNanos) {
		long deadline = sentNanos + this.options.trust().toNanos();
		this.validUntilNanos = deadline;
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

		/** Whether a leased node is waited for, up to the TTL, rather than skipped. */
		final boolean waitForNode;

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
			this(table, ttl, heartbeat, minNode, maxNode, clock, false);
		}

		private Options(String table, Duration ttl, Duration heartbeat, int minNode, int maxNode, Clock clock,
				boolean waitForNode) {
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
			if (minNode < 0 || maxNode > AlgorithmOptions.MAX_NODE_ID || minNode > maxNode) {
				throw new IllegalArgumentException("Node IDs lie in 0.." + AlgorithmOptions.MAX_NODE_ID + ", not " + minNode + ".."
						+ maxNode);
			}
			this.table = table;
			this.ttl = ttl;
			this.heartbeat = heartbeat;
			this.minNode = minNode;
			this.maxNode = maxNode;
			this.clock = clock;
			this.waitForNode = waitForNode;
		}

		/**
		 * Returns these options for one given node, such as a Kubernetes StatefulSet pod's ordinal:
		 * a lease its earlier holder left behind is waited for, up to the TTL, as a pod restarted
		 * in place finds its own; a lease renewed meanwhile means another live instance has the
		 * node, and the claim fails.
		 * @param node the node ID, within this range
		 * @return options leasing only that node
		 */
		public Options onlyNode(int node) {
			if (node < this.minNode || node > this.maxNode) {
				throw new IllegalArgumentException("Node " + node + " lies outside " + this.minNode + ".." + this.maxNode);
			}
			return new Options(this.table, this.ttl, this.heartbeat, node, node, this.clock, true);
		}

		/**
		 * Reads a node ID from a Kubernetes StatefulSet pod name, whose ordinal follows the last
		 * hyphen: {@code orders-7} gives 7.
		 * @param podName the pod name, e.g. from {@code HOSTNAME}
		 * @return the ordinal
		 * @throws IllegalArgumentException if the name ends in no ordinal from 0 to 1023; its message
		 * starts with the quoted name
		 */
		public static int podOrdinal(String podName) {
			int hyphen = podName.lastIndexOf('-');
			String digits = podName.substring(hyphen + 1);
			if (hyphen <= 0 || digits.isEmpty() || digits.length() > 4 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
				throw new IllegalArgumentException("'" + podName + "', does not end in a StatefulSet ordinal such as the 7 of orders-7");
			}
			int ordinal = Integer.parseInt(digits);
			if (ordinal > AlgorithmOptions.MAX_NODE_ID) {
				throw new IllegalArgumentException(
						"'" + podName + "', ends in an ordinal above " + AlgorithmOptions.MAX_NODE_ID + ", the highest node ID");
			}
			return ordinal;
		}

		/**
		 * Returns the defaults of {@link TimeSortedIdProperties.NodeLease} with the system clock.
		 * @return default options
		 */
		public static Options defaults() {
			return of(new TimeSortedIdProperties().getNodeLease(), Clock.systemUTC());
		}

		/**
		 * Returns the options the {@code time-sorted-id.node-lease.*} settings describe.
		 * @param settings the settings
		 * @param clock the clock of the generators that use the lease
		 * @return the checked options
		 * @throws IllegalArgumentException if a setting is out of range
		 */
		public static Options of(TimeSortedIdProperties.NodeLease settings, Clock clock) {
			return new Options(settings.getTable(), settings.getTtl(), settings.getHeartbeat(), settings.getMinNode(),
					settings.getMaxNode(), clock);
		}

		/** How long a holder trusts a claim or renewal: the TTL minus a margin for the renewal's own latency. */
		Duration trust() {
			return this.ttl.minus(margin(this.ttl));
		}

		private static Duration margin(Duration ttl) {
			return ttl.dividedBy(5).compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : ttl.dividedBy(5);
		}

	}

}
