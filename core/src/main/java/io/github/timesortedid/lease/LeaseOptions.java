package io.github.timesortedid.lease;

import java.time.Clock;
import java.time.Duration;

import io.github.timesortedid.config.NodeLeaseProperties;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.AlgorithmOptions;

/**
 * How a {@link NodeLease} is taken and kept.
 *
 * @param table the lease table, a plain SQL identifier
 * @param ttl how long a lease lasts without renewal, at least 2 seconds
 * @param heartbeat how often it is renewed, shorter than the TTL minus its safety margin
 * @param minNode the lowest node ID to lease
 * @param maxNode the highest node ID to lease
 * @param clock the clock of the generators that check the lease
 * @param waitForNode whether a leased node is waited for, up to the TTL, rather than skipped
 */
public record LeaseOptions(String table, Duration ttl, Duration heartbeat, int minNode, int maxNode, Clock clock,
		boolean waitForNode) {

	/**
	 * Checks the options.
	 * @param table the lease table, a plain SQL identifier
	 * @param ttl how long a lease lasts without renewal, at least 2 seconds
	 * @param heartbeat how often it is renewed, shorter than the TTL minus its safety margin
	 * @param minNode the lowest node ID to lease
	 * @param maxNode the highest node ID to lease
	 * @param clock the clock of the generators that check the lease
	 * @param waitForNode whether a leased node is waited for, up to the TTL, rather than skipped
	 * @throws IllegalArgumentException naming the value out of range
	 */
	public LeaseOptions {
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
			throw new IllegalArgumentException(
					"Node IDs lie in 0.." + AlgorithmOptions.MAX_NODE_ID + ", not " + minNode + ".." + maxNode);
		}
	}

	/**
	 * Creates options that lease any free node of a range.
	 * @param table the lease table, a plain SQL identifier
	 * @param ttl how long a lease lasts without renewal, at least 2 seconds
	 * @param heartbeat how often it is renewed, shorter than the TTL minus its safety margin
	 * @param minNode the lowest node ID to lease
	 * @param maxNode the highest node ID to lease
	 * @param clock the clock of the generators that check the lease
	 */
	public LeaseOptions(String table, Duration ttl, Duration heartbeat, int minNode, int maxNode, Clock clock) {
		this(table, ttl, heartbeat, minNode, maxNode, clock, false);
	}

	/**
	 * Returns these options for one given node, such as a Kubernetes StatefulSet pod's ordinal: a
	 * lease its earlier holder left behind is waited for, up to the TTL, as a pod restarted in
	 * place finds its own; a lease renewed meanwhile means another live instance has the node, and
	 * the claim fails.
	 * @param node the node ID, within this range
	 * @return options leasing only that node
	 */
	public LeaseOptions onlyNode(int node) {
		if (node < this.minNode || node > this.maxNode) {
			throw new IllegalArgumentException("Node " + node + " lies outside " + this.minNode + ".." + this.maxNode);
		}
		return new LeaseOptions(this.table, this.ttl, this.heartbeat, node, node, this.clock, true);
	}

	/**
	 * Reads a node ID from a Kubernetes StatefulSet pod name, whose ordinal follows the last
	 * hyphen: {@code orders-7} gives 7.
	 * @param podName the pod name, e.g. from {@code HOSTNAME}
	 * @return the ordinal
	 * @throws IllegalArgumentException if the name ends in no ordinal from 0 to
	 * {@link AlgorithmOptions#MAX_NODE_ID}; its message starts with the quoted name
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
	 * Returns the defaults of {@link NodeLeaseProperties} with the system clock.
	 * @return default options
	 */
	public static LeaseOptions defaults() {
		return of(new TimeSortedIdProperties().getNodeLease(), Clock.systemUTC());
	}

	/**
	 * Returns the options the {@code time-sorted-id.node-lease.*} settings describe.
	 * @param settings the settings
	 * @param clock the clock of the generators that use the lease
	 * @return the checked options
	 * @throws IllegalArgumentException if a setting is out of range
	 */
	public static LeaseOptions of(NodeLeaseProperties settings, Clock clock) {
		return new LeaseOptions(settings.getTable(), settings.getTtl(), settings.getHeartbeat(), settings.getMinNode(),
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
