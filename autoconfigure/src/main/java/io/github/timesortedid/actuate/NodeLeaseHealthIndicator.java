package io.github.timesortedid.actuate;

import io.github.timesortedid.lease.NodeLease;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The health of the node lease: {@code UP} while IDs may be made under it, {@code DOWN} once it is
 * lost to another instance or has not been renewed in time (IDs then stop rather than risk
 * duplicates), with the node, the time left and the renewal counts as details.
 */
final class NodeLeaseHealthIndicator implements HealthIndicator {

	private final NodeLease lease;

	NodeLeaseHealthIndicator(NodeLease lease) {
		this.lease = lease;
	}

	@Override
	public Health health() {
		// read once: the lease's state can change between two reads, and status and reason must agree
		boolean valid = this.lease.isValid();
		Health.Builder health = valid ? Health.up() : Health.down();
		health.withDetail("node", this.lease.nodeId())
			.withDetail("validFor", this.lease.validFor().toString())
			.withDetail("renewals", this.lease.renewals())
			.withDetail("failedRenewals", this.lease.failedRenewals());
		if (this.lease.isLost()) {
			health.withDetail("reason", "node " + this.lease.nodeId() + " was taken over by another instance");
		}
		else if (!valid) {
			health.withDetail("reason", "the lease could not be renewed in time");
		}
		return health.build();
	}

}
