package io.github.timesortedid.lease;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import javax.sql.DataSource;

import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.hibernate.TimeSortedIdConfigurationException;
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

	private final LeaseOptions options;

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

	private final LongAdder renewals = new LongAdder();

	private final LongAdder failedRenewals = new LongAdder();

	NodeLease(DataSource dataSource, LeaseOptions options, LeaseTable table, String owner, LeaseTable.Claim claim) {
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
		long heartbeat = options.heartbeat().toMillis();
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
	public static NodeLease acquire(DataSource dataSource, LeaseOptions options) {
		return NodeClaims.claim(dataSource, options, owner());
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

	/**
	 * Tells whether another instance took the node over: this lease is over for good.
	 * @return true once a renewal found the node held by another owner
	 */
	public boolean isLost() {
		return this.lost;
	}

	/**
	 * Returns how long IDs may still be made without another renewal.
	 * @return the time left, zero once the lease is not valid
	 */
	public Duration validFor() {
		long left = this.validUntilNanos - System.nanoTime();
		return (isValid() && left > 0) ? Duration.ofNanos(left) : Duration.ZERO;
	}

	/**
	 * Returns how many renewals succeeded.
	 * @return the count since the lease was taken
	 */
	public long renewals() {
		return this.renewals.sum();
	}

	/**
	 * Returns how many renewals failed (the database could not be reached or answered with an
	 * error); a lease taken over by another instance counts as lost, not as a failed renewal.
	 * @return the count since the lease was taken
	 */
	public long failedRenewals() {
		return this.failedRenewals.sum();
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
			throw new IdGenerationException("The lease of node " + this.nodeId + " in table " + this.options.table()
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
		long reserve = Math.max(this.used.get(), this.options.clock().millis()) + this.options.trust().toMillis();
		try (Connection connection = this.dataSource.getConnection()) {
			connection.setAutoCommit(true);
			if (this.table.renew(connection, this.nodeId, this.owner, reserve)) {
				this.validUntilMillis = Math.max(this.validUntilMillis, reserve);
				trustUntil(sentNanos);
				this.renewals.increment();
			}
			else {
				this.lost = true;
				logger.log(Level.ERROR, () -> "The lease of node " + this.nodeId + " in " + this.options.table()
						+ " was taken over by another instance; this instance makes no more IDs with it");
			}
		}
		catch (SQLException | RuntimeException ex) {
			this.failedRenewals.increment();
			logger.log(Level.WARNING, () -> "Could not renew the lease of node " + this.nodeId + " in " + this.options.table()
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
			logger.log(Level.WARNING, () -> "Could not release node " + this.nodeId + "; it frees itself after " + this.options.ttl());
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

}
