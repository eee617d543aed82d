package io.github.timesortedid.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.health.actuate.endpoint.AdditionalHealthEndpointPath;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroup;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.health.actuate.endpoint.HttpCodeStatusMapper;
import org.springframework.boot.health.actuate.endpoint.StatusAggregator;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Makes the node lease part of the {@code readiness} health group (Kubernetes' readiness probe,
 * {@code /actuator/health/readiness}): an instance whose lease is lost or lapsed makes no IDs, so
 * it should get no traffic until a renewal succeeds. The group keeps its other members. Ordered
 * last, like (and registered after) Spring Boot's probes post-processor, which makes the group.
 */
@Order(Ordered.LOWEST_PRECEDENCE)
final class NodeLeaseReadiness implements HealthEndpointGroupsPostProcessor {

	static final String READINESS = "readiness";

	private final String member;

	NodeLeaseReadiness(String member) {
		this.member = member;
	}

	@Override
	public HealthEndpointGroups postProcessHealthEndpointGroups(HealthEndpointGroups groups) {
		HealthEndpointGroup readiness = groups.get(READINESS);
		if (readiness == null || readiness.isMember(this.member)) {
			return groups;
		}
		Map<String, HealthEndpointGroup> all = new LinkedHashMap<>();
		groups.getNames().forEach(name -> all.put(name, groups.get(name)));
		all.put(READINESS, new WithMember(readiness, this.member));
		return HealthEndpointGroups.of(groups.getPrimary(), all);
	}

	/** A group that also has one more member. */
	private record WithMember(HealthEndpointGroup group, String member) implements HealthEndpointGroup {

		@Override
		public boolean isMember(String name) {
			return this.member.equals(name) || this.group.isMember(name);
		}

		@Override
		public boolean showComponents(SecurityContext securityContext) {
			return this.group.showComponents(securityContext);
		}

		@Override
		public boolean showDetails(SecurityContext securityContext) {
			return this.group.showDetails(securityContext);
		}

		@Override
		public StatusAggregator getStatusAggregator() {
			return this.group.getStatusAggregator();
		}

		@Override
		public HttpCodeStatusMapper getHttpCodeStatusMapper() {
			return this.group.getHttpCodeStatusMapper();
		}

		@Override
		public @Nullable AdditionalHealthEndpointPath getAdditionalPath() {
			return this.group.getAdditionalPath();
		}

	}

}
