package io.github.timesortedid.actuate;

import io.github.timesortedid.lease.NodeLease;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The health of the node lease: {@code UP} while IDs may be made under it, {@code DOWN} whenever
 * an ID would be refused (the node was taken over by another instance, the lease has not been
 * renewed in time, the clock has passed the reservation and it cannot be extended), with the
 * node, the time left and the renewal counts as details, and the refusal's message as the
 * {@code reason}.
 */
final class NodeLeaseHealthIndicator implements HealthIndicator {

	private final NodeLease lease;

	NodeLeaseHealthIndicator(NodeLease lease) {
		this.lease = lease;
	}

	@Override
	public Health health() {
		// read once: the lease's state can change between two reads, and status and reason must agree
		String reason = this.lease.refusalReason();
		Health.Builder health = (reason != null) ? Health.down().withDetail("reason", reason) : Health.up();
		return health.withDetail("node", this.lease.nodeId())
			.withDetail("validFor", this.lease.validFor().toString())
			.withDetail("renewals", this.lease.renewals())
			.withDetail("failedRenewals", this.lease.failedRenewals())
			.build();
	}

}
