package io.github.timesortedid.lease;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

/**
 * The holder's side of one lease row: renews it and its reservation on a heartbeat, or at once for
 * an ID the clock has taken past the reservation; watches the monotonic deadline of the last
 * renewal; releases the row. One renewal runs at a time, and none after the release: a renewal that
 * reached the database after it would hold the node again for a whole TTL.
 */
final class LeaseHolder {

	/** How soon after a failed renewal an ID past the reservation tries again; the heartbeat tries too. */
	private static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);

	private static final Logger logger = System.getLogger(NodeLease.class.getName());

	private final DataSource dataSource;

	private final LeaseOptions options;

	private final LeaseTable table;

	private final String owner;

	private final int node;

	/** The highest millisecond put in an ID under this lease so far. */
	private final AtomicLong used;

	private final ScheduledExecutorService scheduler;

	private final ReentrantLock renewing = new ReentrantLock();

	private volatile long validUntilNanos;

	/** The reservation: the highest millisecond this holder may use, as recorded in its row. */
	private volatile long validUntilMillis;

	/** Cleared by a watchdog when the monotonic deadline passes, so that checks read no clock. */
	private volatile boolean trusted;

	private volatile boolean lost;

	private final AtomicBoolean closed = new AtomicBoolean();

	/** Why the last renewal failed, until one succeeds. */
	private volatile @Nullable Failure failure;

	private final LongAdder renewals = new LongAdder();

	private final LongAdder failedRenewals = new LongAdder();

	LeaseHolder(DataSource dataSource, LeaseOptions options, LeaseTable table, String owner, LeaseTable.Claim claim) {
		this.dataSource = dataSource;
		this.options = options;
		this.table = table;
		this.owner = owner;
		this.node = claim.node();
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
	 * Records a millisecond put in an ID and tells whether the lease covers it without a look at
	 * any clock: the common path of every ID. Recorded before any check: {@link #close()} reads
	 * the mark after it sets closed, so an ID that passes the checks is always in the mark it writes.
	 */
	boolean use(long epochMillis) {
		if (epochMillis > this.used.get()) {
			this.used.accumulateAndGet(epochMillis, Math::max);
		}
		return this.trusted && !this.lost && !this.closed.get() && epochMillis <= this.validUntilMillis;
	}

	boolean isClosed() {
		return this.closed.get();
	}

	boolean isLost() {
		return this.lost;
	}

	/** Whether the monotonic deadline of the last renewal is still ahead. */
	boolean isTrusted() {
		return this.trusted && System.nanoTime() - this.validUntilNanos < 0;
	}

	long reservedUntil() {
		return this.validUntilMillis;
	}

	/** Why the last renewal failed, as {@code ": cause"}, or empty if it succeeded. */
	String lastFailure() {
		Failure last = this.failure;
		return (last != null) ? ": " + last.cause() : "";
	}

	Duration validFor() {
		long left = Math.min(this.validUntilNanos - System.nanoTime(),
				TimeUnit.MILLISECONDS.toNanos(this.validUntilMillis - this.options.clock().millis()));
		return (this.trusted && !this.lost && !this.closed.get() && left > 0) ? Duration.ofNanos(left) : Duration.ZERO;
	}

	long renewals() {
		return this.renewals.sum();
	}

	long failedRenewals() {
		return this.failedRenewals.sum();
	}

	/**
	 * Extends the reservation at once for an ID the clock has taken past it, instead of waiting for
	 * the heartbeat: one renewal for all the threads that need it, and not again within
	 * {@link #RETRY_NANOS} of a failed one.
	 * @return whether the reservation now covers {@code epochMillis}
	 */
	boolean reserve(long epochMillis) {
		if (!lock()) {
			return false;
		}
		try {
			if (epochMillis > this.validUntilMillis) {
				Failure last = this.failure;
				if (last == null || System.nanoTime() - last.atNanos() >= RETRY_NANOS) {
					renewLocked();
				}
			}
			return epochMillis <= this.validUntilMillis && !this.lost && !this.closed.get();
		}
		finally {
			this.renewing.unlock();
		}
	}

	/** Renews the lease and its reservation; called by the heartbeat. */
	void renew() {
		if (lock()) {
			try {
				renewLocked();
			}
			finally {
				this.renewing.unlock();
			}
		}
	}

	private void renewLocked() {
		if (this.closed.get() || this.lost) {
			return;
		}
		long sentNanos = System.nanoTime();
		long reserve = Math.max(this.used.get(), this.options.clock().millis()) + this.options.trust().toMillis();
		try {
			if (LeaseTable.bounded(this.dataSource, connection -> this.table.renew(connection, this.node, this.owner, reserve))) {
				this.validUntilMillis = Math.max(this.validUntilMillis, reserve);
				trustUntil(sentNanos);
				this.failure = null;
				this.renewals.increment();
			}
			else {
				this.lost = true;
				logger.log(Level.ERROR, () -> "The lease of node " + this.node + " in " + this.options.table()
						+ " was taken over by another instance; this instance makes no more IDs with it");
			}
		}
		catch (SQLException | RuntimeException ex) {
			this.failure = new Failure(System.nanoTime(), String.valueOf(ex.getMessage()));
			this.failedRenewals.increment();
			logger.log(Level.WARNING, () -> "Could not renew the lease of node " + this.node + " in " + this.options.table()
					+ "; IDs stop within " + this.options.trust() + " of the last renewal unless one succeeds: " + ex);
		}
	}

	/** Waits for a renewal under way, which the statement timeouts of {@link LeaseTable} bound. */
	private boolean lock() {
		try {
			return this.renewing.tryLock(LeaseTable.LONGEST.plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * Stops renewing, waits for a renewal under way (so that none reaches the database after the
	 * release), records the highest millisecond used and expires the row.
	 */
	void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		boolean locked = lock();
		try {
			this.scheduler.shutdownNow();
			if (!this.lost) {
				LeaseTable.bounded(this.dataSource, connection -> {
					this.table.release(connection, this.node, this.owner, this.used.get());
					return null;
				});
			}
		}
		catch (SQLException | RuntimeException ex) {
			logger.log(Level.WARNING,
					() -> "Could not release node " + this.node + "; it frees itself after " + this.options.ttl() + ": " + ex);
		}
		finally {
			if (locked) {
				this.renewing.unlock();
			}
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

	/** A failed renewal: when it failed, on the monotonic clock, and why. */
	private record Failure(long atNanos, String cause) {
	}

}
