package io.github.timesortedid.lease;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import javax.sql.DataSource;

import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.id.LeaseGuard;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.jspecify.annotations.Nullable;

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
 * <li><b>A clock past the reservation</b> (stepped forward, or the instance was paused): the next
 * ID, or health check, extends the reservation at once instead of waiting for the heartbeat, so
 * IDs follow the clock; if that fails, IDs are refused, with the cause, until it succeeds.</li>
 * <li><b>Stop before expiry.</b> The holder trusts its lease for the TTL minus a margin, counted on
 * the monotonic clock from the moment each renewal was sent; past that, {@link #use} refuses to
 * let IDs be made, before any other instance can claim the node. A later successful renewal
 * resumes; a lease taken over by another instance is lost for good.</li>
 * <li><b>Release.</b> {@link #close()} waits for a renewal under way, then expires the row at once
 * and records the mark, so the node is free at once and keeps its history.</li>
 * </ul>
 * {@link #isValid()}, {@link #refusalReason()} and {@link #use} give one answer: the health
 * indicator, the gauge and the IDs never disagree.
 */
public final class NodeLease implements LeaseGuard, AutoCloseable {

	/** The table used when none is configured. */
	public static final String DEFAULT_TABLE = new TimeSortedIdProperties().getNodeLease().getTable();

	private final LeaseOptions options;

	private final int nodeId;

	private final long highWaterMark;

	private final LeaseHolder holder;

	NodeLease(DataSource dataSource, LeaseOptions options, LeaseTable table, String owner, LeaseTable.Claim claim) {
		this.options = options;
		this.nodeId = claim.node();
		this.highWaterMark = claim.highWaterMark();
		this.holder = new LeaseHolder(dataSource, options, table, owner, claim);
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
	 * Tells whether IDs may be made under this lease now: exactly when an ID would be made, and
	 * {@link #refusalReason()} is {@code null}.
	 * @return true while IDs may be made
	 */
	public boolean isValid() {
		return refusalReason() == null;
	}

	/**
	 * Tells why no ID may be made under this lease now, in the words of the
	 * {@link IdGenerationException} an ID would get. Like an ID, it first extends the reservation at
	 * once if the clock has passed it, so that the answer is the one an ID would get.
	 * @return the reason, or {@code null} while IDs may be made
	 */
	public @Nullable String refusalReason() {
		return refusal(this.options.clock().millis());
	}

	/**
	 * Tells whether another instance took the node over: this lease is over for good.
	 * @return true once a renewal found the node held by another owner
	 */
	public boolean isLost() {
		return this.holder.isLost();
	}

	/**
	 * Returns how long IDs may still be made without another renewal: until the monotonic deadline
	 * of the last renewal, and until the clock reaches the reservation.
	 * @return the time left, zero once the lease is lost, released, lapsed or outrun by the clock
	 */
	public Duration validFor() {
		return this.holder.validFor();
	}

	/**
	 * Returns how many renewals succeeded.
	 * @return the count since the lease was taken
	 */
	public long renewals() {
		return this.holder.renewals();
	}

	/**
	 * Returns how many renewals failed (the database could not be reached or answered with an
	 * error); a lease taken over by another instance counts as lost, not as a failed renewal.
	 * @return the count since the lease was taken
	 */
	public long failedRenewals() {
		return this.holder.failedRenewals();
	}

	@Override
	public long highWaterMark() {
		return this.highWaterMark;
	}

	@Override
	public void use(long epochMillis) {
		if (this.holder.use(epochMillis)) {
			return;
		}
		String refusal = refusal(epochMillis);
		if (refusal != null) {
			throw new IdGenerationException(refusal);
		}
	}

	/** Why an ID of {@code epochMillis} may not be made now, extending the reservation first if it falls short. */
	private @Nullable String refusal(long epochMillis) {
		String lease = "The lease of node " + this.nodeId + " in table " + this.options.table();
		String stop = "; this instance makes no IDs rather than risk duplicates with one that may now hold node "
				+ this.nodeId + ".";
		if (this.holder.isClosed()) {
			return lease + " was released, as the application is closing" + stop;
		}
		if (this.holder.isLost()) {
			return lease + " was taken over by another instance" + stop + " Restart this instance to lease another node.";
		}
		if (!this.holder.isTrusted()) {
			return lease + " could not be renewed in time: no renewal succeeded within " + this.options.trust()
					+ " of being sent" + this.holder.lastFailure() + stop
					+ " Check the database connection; a renewed lease resumes.";
		}
		long reserved = this.holder.reservedUntil();
		if (epochMillis > reserved && !this.holder.reserve(epochMillis)) {
			return (this.holder.isLost() || this.holder.isClosed()) ? refusal(epochMillis)
					: lease + " reserves IDs up to " + Instant.ofEpochMilli(reserved) + ", and this instance's clock reads "
							+ Instant.ofEpochMilli(epochMillis) + ", past that (it stepped forward, or the instance was "
							+ "paused); extending the reservation failed" + this.holder.lastFailure() + stop
							+ " The next ID tries again.";
		}
		return null;
	}

	/**
	 * Releases the node: stops renewing, waits for a renewal under way (so that none reaches the
	 * database after the release), records the highest millisecond used and expires the row, so the
	 * node is free at once and its next holder starts above this one's IDs.
	 */
	@Override
	public void close() {
		this.holder.close();
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
