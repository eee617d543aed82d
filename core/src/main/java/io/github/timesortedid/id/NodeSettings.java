package io.github.timesortedid.id;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.TimeSortedIdProperties;
import org.jspecify.annotations.Nullable;

/**
 * The settings that tell instances apart, {@code snowflake.node-id} and
 * {@code couchdb-utc-id.suffix}: read from their property text (a number or suffix, or
 * {@code auto}/{@code pod-ordinal} for the node of a lease) and checked.
 */
final class NodeSettings {

	private NodeSettings() {
	}

	/** Reads {@code snowflake.node-id}: a number, or the leased node for {@code auto}/{@code pod-ordinal}. */
	static int nodeId(String value, @Nullable LeaseGuard lease) {
		if (TimeSortedIdProperties.isLeased(value)) {
			return leased(PropertyNames.SNOWFLAKE_NODE_ID, value, lease).nodeId();
		}
		try {
			return Integer.parseInt(value.trim());
		}
		catch (NumberFormatException ex) {
			throw new InvalidSettingException(PropertyNames.SNOWFLAKE_NODE_ID, value, "use a node ID from 0 to "
					+ AlgorithmOptions.MAX_NODE_ID + ", auto to lease a free "
					+ "one from the database, or pod-ordinal for the ordinal of a StatefulSet pod");
		}
	}

	/** Reads {@code couchdb-utc-id.suffix}: as written, or the leased node's for {@code auto}/{@code pod-ordinal}. */
	static @Nullable String suffix(@Nullable String value, @Nullable LeaseGuard lease) {
		return TimeSortedIdProperties.isLeased(value) ? leased(PropertyNames.COUCHDB_UTC_ID_SUFFIX, value, lease).suffix()
				: value;
	}

	private static LeaseGuard leased(String property, String value, @Nullable LeaseGuard lease) {
		if (lease == null) {
			throw new InvalidSettingException(property, value, value + " leases a node ID from a table in the application's "
					+ "database through Spring Boot's DataSource; without Spring, lease one with NodeLease.acquire(...) and pass "
					+ "it to AlgorithmOptions.builder().leaseGuard(lease) before apply(properties)");
		}
		return lease;
	}

	static void checkNodeId(int nodeId) {
		if (nodeId < 0 || nodeId > AlgorithmOptions.MAX_NODE_ID) {
			throw new InvalidSettingException(PropertyNames.SNOWFLAKE_NODE_ID, nodeId,
					"use a node ID from 0 to " + AlgorithmOptions.MAX_NODE_ID + " (10 bits)");
		}
	}

	static void checkSuffix(String suffix) {
		if (suffix.isEmpty() || suffix.length() > 64) {
			throw new InvalidSettingException(PropertyNames.COUCHDB_UTC_ID_SUFFIX, suffix, "use 1 to 64 characters");
		}
		for (int i = 0; i < suffix.length(); i++) {
			char c = suffix.charAt(i);
			if (c <= 0x20 || c >= 0x7F) {
				throw new InvalidSettingException(PropertyNames.COUCHDB_UTC_ID_SUFFIX, suffix,
						"use printable ASCII characters without spaces, e.g. @mycouch");
			}
		}
	}

}
