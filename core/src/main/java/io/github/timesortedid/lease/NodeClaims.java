package io.github.timesortedid.lease;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import io.github.timesortedid.model.TimeSortedIdConfigurationException;

/**
 * Takes a node for a {@link NodeLease}: a free one of the range, starting at a random place so
 * that instances starting at once spread out, or the one node of a StatefulSet pod, waited for
 * while its earlier holder's lease runs out.
 */
final class NodeClaims {

	private static final Logger logger = System.getLogger(NodeLease.class.getName());

	private NodeClaims() {
	}

	/**
	 * Claims a node, creating the lease table if it is missing.
	 * @param dataSource the application's database
	 * @param options table, TTL, heartbeat, node range and clock
	 * @param owner this instance's name in the table
	 * @return the lease
	 */
	static NodeLease claim(DataSource dataSource, LeaseOptions options, String owner) {
		try (Connection connection = dataSource.getConnection()) {
			connection.setAutoCommit(true);
			LeaseTable table = LeaseTable.of(connection, options);
			table.createTable(connection);
			Set<Integer> taken = table.taken(connection);
			List<Integer> candidates = new ArrayList<>();
			for (int node = options.minNode(); node <= options.maxNode(); node++) {
				if (!taken.contains(node)) {
					candidates.add(node);
				}
			}
			// a random start spreads instances starting at once over the range
			Collections.rotate(candidates, (int) (Math.random() * Math.max(1, candidates.size())));
			for (int node : candidates) {
				LeaseTable.Claim claim = table.claim(connection, node, owner, System.nanoTime(), options.clock().millis());
				if (claim != null) {
					return leased(dataSource, options, table, owner, claim);
				}
			}
			if (options.waitForNode()) {
				return awaitNode(dataSource, connection, options, table, owner);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not lease a node ID from table " + options.table() + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for node " + options.minNode() + " in table " + options.table(), ex);
		}
		throw new TimeSortedIdConfigurationException(
				"All " + (options.maxNode() - options.minNode() + 1) + " node IDs (" + options.minNode() + " to " + options.maxNode()
						+ ") are leased in table " + options.table() + ", so this instance has none to make IDs with.",
				"Stop an instance, or wait up to " + options.ttl() + " for the leases of instances that died to expire "
						+ "(rows whose expires_at has passed are free), or set a fixed node ID.");
	}

	private static NodeLease leased(DataSource dataSource, LeaseOptions options, LeaseTable table, String owner, LeaseTable.Claim claim) {
		logger.log(Level.INFO, () -> "Leased node " + claim.node() + " in " + options.table() + " as " + owner
				+ "; its IDs start above " + Instant.ofEpochMilli(claim.highWaterMark()));
		return new NodeLease(dataSource, options, table, owner, claim);
	}

	/**
	 * Waits for the one node of the options to be free: a holder that died frees it within the
	 * TTL, while one that renews is alive.
	 */
	private static NodeLease awaitNode(DataSource dataSource, Connection connection, LeaseOptions options, LeaseTable table, String owner)
			throws SQLException, InterruptedException {
		int node = options.minNode();
		long deadline = System.nanoTime() + options.ttl().plus(options.heartbeat()).toNanos();
		String holder = table.holder(connection, node);
		while (System.nanoTime() - deadline < 0) {
			Thread.sleep(Math.min(1000, options.heartbeat().toMillis() / 2));
			LeaseTable.Claim claim = table.claim(connection, node, owner, System.nanoTime(), options.clock().millis());
			if (claim != null) {
				return leased(dataSource, options, table, owner, claim);
			}
		}
		throw new TimeSortedIdConfigurationException("Node " + node + " is leased in table " + options.table() + " by " + holder
				+ ", which kept renewing it while this instance waited " + options.ttl().plus(options.heartbeat())
				+ " for it, so another live instance uses the same node ID.",
				"Give every instance its own node ID: with pod-ordinal, check that no two pods share a name and ordinal "
						+ "(e.g. two StatefulSets with one name in a namespace, or a copy run outside Kubernetes).");
	}

}
