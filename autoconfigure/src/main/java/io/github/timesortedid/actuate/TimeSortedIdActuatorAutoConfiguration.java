package io.github.timesortedid.actuate;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.model.MappedColumns;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partition.PartitionMaintainer;
import jakarta.persistence.EntityManagerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of Actuator support, when {@code spring-boot-actuator} is on the classpath:
 * the {@code timesortedid} endpoint ({@link TimeSortedIdEndpoint}) and, with a node lease, the
 * {@code nodeLease} health indicator, which also joins the {@code readiness} group.
 */
// after the availability probes, whose readiness group the node lease joins
@AutoConfiguration(after = TimeSortedIdAutoConfiguration.class,
		afterName = { "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
				"org.springframework.boot.health.autoconfigure.actuate.endpoint.AvailabilityProbesAutoConfiguration" })
@ConditionalOnClass(Endpoint.class)
public final class TimeSortedIdActuatorAutoConfiguration {

	/** The name of the node lease's health indicator. */
	static final String NODE_LEASE = "nodeLease";

	/**
	 * The endpoint, with each attribute's column from the {@link MappedColumns} of the application's
	 * persistence integrations: Hibernate's mapping (below) and Spring Data JDBC's mapping context
	 * (its {@code AggregateIds} bean).
	 */
	@Bean
	@ConditionalOnAvailableEndpoint
	@ConditionalOnBean(TimeSortedIdRegistry.class)
	TimeSortedIdEndpoint timeSortedIdEndpoint(TimeSortedIdRegistry registry, ObjectProvider<MappedColumns> columns,
			ObjectProvider<NodeLease> lease, ObjectProvider<DataSource> dataSource,
			ObjectProvider<PartitionMaintainer> maintainer) {
		return new TimeSortedIdEndpoint(registry, columns.orderedStream().toList(), lease.getIfAvailable(),
				new PartitionListing(registry, dataSource.getIfUnique(), maintainer::getIfAvailable));
	}

	/** The endpoint over HTTP: its 400 answers say why. */
	@Bean
	@ConditionalOnAvailableEndpoint
	@ConditionalOnBean(TimeSortedIdEndpoint.class)
	TimeSortedIdWebEndpointExtension timeSortedIdWebEndpointExtension(TimeSortedIdEndpoint endpoint) {
		return new TimeSortedIdWebEndpointExtension(endpoint);
	}

	/** The columns of JPA entities, from Hibernate's mapping model. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "jakarta.persistence.EntityManagerFactory",
			"org.hibernate.engine.spi.SessionFactoryImplementor" })
	static final class HibernateColumnsConfiguration {

		@Bean
		@ConditionalOnAvailableEndpoint(TimeSortedIdEndpoint.class)
		MappedColumns timeSortedIdHibernateColumns(ObjectProvider<EntityManagerFactory> entityManagerFactory) {
			return new ColumnLookup(entityManagerFactory.getIfUnique());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	@ConditionalOnBean(NodeLease.class)
	@ConditionalOnEnabledHealthIndicator("nodelease")
	static final class NodeLeaseHealthConfiguration {

		@Bean
		HealthIndicator nodeLeaseHealthIndicator(NodeLease lease) {
			return new NodeLeaseHealthIndicator(lease);
		}

		@Bean
		@ConditionalOnClass(HealthEndpointGroupsPostProcessor.class)
		HealthEndpointGroupsPostProcessor nodeLeaseReadiness() {
			return new NodeLeaseReadiness(NODE_LEASE);
		}

	}

}
