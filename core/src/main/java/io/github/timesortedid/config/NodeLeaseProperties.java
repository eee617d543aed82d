package io.github.timesortedid.config;

import java.time.Duration;

/** Node IDs leased from the application's database, for snowflake.node-id=auto or pod-ordinal. */
public class NodeLeaseProperties {

	/**
	 * Table of leases, created if missing: one row per leased node with its owner and expiry.
	 */
	private String table = "time_sorted_id_node_lease";

	/**
	 * How long a lease lasts without renewal; an instance that dies frees its node after this.
	 */
	private Duration ttl = Duration.ofSeconds(30);

	/**
	 * How often the lease is renewed; shorter than the TTL minus a safety margin of a fifth of it.
	 */
	private Duration heartbeat = Duration.ofSeconds(10);

	/**
	 * Lowest node ID "auto" leases; with max-node, splits the 1024 nodes between applications
	 * or regions that share the ID space but not the lease table.
	 */
	private int minNode = 0;

	/**
	 * Highest node ID "auto" leases (default: the highest there is, 1023, as 10 bits hold).
	 */
	// A literal, not AlgorithmOptions.MAX_NODE_ID: the settings do not reach into the algorithms
	// (which read them), and Spring Boot's metadata processor records only literal defaults.
	private int maxNode = 1023;

	/**
	 * Environment variable (or property) holding the StatefulSet pod name for "pod-ordinal".
	 */
	private String podNameVariable = "HOSTNAME";

	public int getMinNode() {
		return this.minNode;
	}

	public void setMinNode(int minNode) {
		this.minNode = minNode;
	}

	public int getMaxNode() {
		return this.maxNode;
	}

	public void setMaxNode(int maxNode) {
		this.maxNode = maxNode;
	}

	public String getPodNameVariable() {
		return this.podNameVariable;
	}

	public void setPodNameVariable(String podNameVariable) {
		this.podNameVariable = podNameVariable;
	}

	public String getTable() {
		return this.table;
	}

	public void setTable(String table) {
		this.table = table;
	}

	public Duration getTtl() {
		return this.ttl;
	}

	public void setTtl(Duration ttl) {
		this.ttl = ttl;
	}

	public Duration getHeartbeat() {
		return this.heartbeat;
	}

	public void setHeartbeat(Duration heartbeat) {
		this.heartbeat = heartbeat;
	}

}
