package io.github.timesortedid.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.config.NodeLeaseProperties;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.hibernate.TypedIdTypeContributor;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.RandomSource;
import io.github.timesortedid.lease.LeaseOptions;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.model.TimeSortedIdSettings;
import io.github.timesortedid.model.TimeSortedIdSettingsBuilder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;

/**
 * Auto-configuration for {@code @TimeSortedId}: turns {@code time-sorted-id.*} into a
 * {@link TimeSortedIdRegistry}, which Hibernate gets before its own auto-configuration runs (when
 * Hibernate is there) and Spring Data JDBC from {@code TimeSortedIdDataJdbcAutoConfiguration}. Every bean can be replaced: the {@link RandomSource}, the
 * {@link TimeSortedIdSettings} or the registry; a unique {@link Clock} bean is used as the clock,
 * and each {@link IdAlgorithm} bean becomes an algorithm under its name. Typed IDs found on the
 * scanned entities are handed to Hibernate too, and get a Spring converter and a Jackson module.
 */
// named, not referenced: a Spring Data JDBC application has no Hibernate
@AutoConfiguration(beforeName = "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration")
@ConditionalOnClass(TimeSortedIdRegistry.class)
@EnableConfigurationProperties(TimeSortedIdProperties.class)
public final class TimeSortedIdAutoConfiguration {

	private static final String AUTO = TimeSortedIdProperties.AUTO;

	private static final String POD_ORDINAL = TimeSortedIdProperties.POD_ORDINAL;

	@Bean
	static SettingsBindHandlerAdvisor timeSortedIdSettingsBindHandlerAdvisor() {
		return new SettingsBindHandlerAdvisor();
	}

	@Bean
	@ConditionalOnMissingBean
	RandomSource timeSortedIdRandomSource(TimeSortedIdProperties properties) {
		return properties.getRandomSource().create();
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	@Conditional(NodeLeaseCondition.class)
	NodeLease timeSortedIdNodeLease(ObjectProvider<DataSource> dataSource, TimeSortedIdProperties properties,
			ObjectProvider<Clock> clock, Environment environment) {
		boolean suffix = TimeSortedIdProperties.isLeased(properties.getCouchdbUtcId().getSuffix());
		String property = suffix ? PropertyNames.COUCHDB_UTC_ID_SUFFIX : PropertyNames.SNOWFLAKE_NODE_ID;
		String value = suffix ? properties.getCouchdbUtcId().getSuffix() : properties.getSnowflake().getNodeId();
		DataSource database = dataSource.getIfUnique();
		if (database == null) {
			throw new InvalidSettingException(property, value, value + " leases a node ID from a table in the application's "
					+ "database, but there is no unique DataSource bean; configure one, or set "
					+ (suffix ? "a fixed suffix such as @mycouch" : "a fixed node ID from 0 to 1023"));
		}
		NodeLeaseProperties lease = properties.getNodeLease();
		LeaseOptions options;
		try {
			options = LeaseOptions.of(lease, clock.getIfUnique(Clock::systemUTC));
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidSettingException(PropertyNames.NODE_LEASE, lease.getTable() + ", ttl " + lease.getTtl()
					+ ", heartbeat " + lease.getHeartbeat() + ", nodes " + lease.getMinNode() + ".." + lease.getMaxNode(),
					ex.getMessage());
		}
		if (POD_ORDINAL.equalsIgnoreCase(value)) {
			String podName = environment.getProperty(lease.getPodNameVariable());
			if (podName == null) {
				throw new InvalidSettingException(property, value, "the pod name variable " + lease.getPodNameVariable()
						+ " is not set; Kubernetes sets HOSTNAME to the pod name, or name another variable in "
						+ PropertyNames.NODE_LEASE_POD_NAME_VARIABLE);
			}
			try {
				options = options.onlyNode(LeaseOptions.podOrdinal(podName));
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidSettingException(property, value, "the pod name in " + lease.getPodNameVariable() + ", " + ex.getMessage());
			}
		}
		return NodeLease.acquire(database, options);
	}

	@Bean
	@ConditionalOnMissingBean
	TimeSortedIdSettings timeSortedIdSettings(TimeSortedIdProperties properties, RandomSource randomSource,
			ObjectProvider<Clock> clock, ObjectProvider<IdAlgorithm> customAlgorithms, ObjectProvider<NodeLease> nodeLease,
			Environment environment) {
		try {
			return settings(properties, randomSource, clock, customAlgorithms, nodeLease);
		}
		catch (InvalidSettingException ex) {
			throw asWritten(ex, environment);
		}
	}

	/**
	 * The exception with the value as the configuration wrote it ({@code 20d}), where the binder made
	 * another value of it (a {@code Duration}, printed {@code PT480H}); a value the configuration does
	 * not hold under the property's name as the exception writes it is left as it is.
	 */
	private static InvalidSettingException asWritten(InvalidSettingException ex, Environment environment) {
		String written = (ex.getValue() instanceof String) ? null : environment.getProperty(ex.getProperty());
		if (written == null || written.equals(String.valueOf(ex.getValue()))) {
			return ex;
		}
		InvalidSettingException echoed = new InvalidSettingException(ex.getProperty(), written, ex.getReason());
		echoed.initCause(ex);
		return echoed;
	}

	private static TimeSortedIdSettings settings(TimeSortedIdProperties properties, RandomSource randomSource,
			ObjectProvider<Clock> clock, ObjectProvider<IdAlgorithm> customAlgorithms, ObjectProvider<NodeLease> nodeLease) {
		AlgorithmOptions options = AlgorithmOptions.builder()
			.clock(clock.getIfUnique(Clock::systemUTC))
			.leaseGuard(nodeLease.getIfAvailable())
			.apply(properties)
			.randomSource(randomSource)
			.build();
		Duration retryTimeout = properties.getSchemaCheck().getRetryTimeout();
		if (retryTimeout.isNegative()) {
			throw new InvalidSettingException(PropertyNames.SCHEMA_CHECK_RETRY_TIMEOUT, retryTimeout,
					"use 0 (read once) or more, e.g. 5s");
		}
		TimeSortedIdSettingsBuilder settings = TimeSortedIdSettings.builder()
			.apply(properties)
			.options(options)
			.startupRetry(new StartupCheckRetry(retryTimeout));
		customAlgorithms.orderedStream().forEach(settings::customAlgorithm);
		return settings.build();
	}

	/** A lease is needed when the node ID or the couchdb-utc-id suffix is "auto" or "pod-ordinal". */
	static final class NodeLeaseCondition extends AnyNestedCondition {

		NodeLeaseCondition() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnProperty(name = PropertyNames.SNOWFLAKE_NODE_ID, havingValue = AUTO)
		static final class SnowflakeNode {

		}

		@ConditionalOnProperty(name = PropertyNames.COUCHDB_UTC_ID_SUFFIX, havingValue = AUTO)
		static final class CouchDbSuffix {

		}

		@ConditionalOnProperty(name = PropertyNames.SNOWFLAKE_NODE_ID, havingValue = POD_ORDINAL)
		static final class SnowflakePod {

		}

		@ConditionalOnProperty(name = PropertyNames.COUCHDB_UTC_ID_SUFFIX, havingValue = POD_ORDINAL)
		static final class CouchDbPod {

		}

	}

	@Bean
	@ConditionalOnMissingBean
	TimeSortedIdRegistry timeSortedIdRegistry(TimeSortedIdSettings settings) {
		return new TimeSortedIdRegistry(settings);
	}

	@Bean
	@ConditionalOnMissingBean
	TimeSortedIds timeSortedIds(TimeSortedIdRegistry registry) {
		return new TimeSortedIds(registry);
	}

	/** The registry and the typed IDs of the scanned entities, handed to Hibernate. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer",
			"org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes" })
	static final class HibernateConfiguration {

		@Bean
		HibernatePropertiesCustomizer timeSortedIdHibernatePropertiesCustomizer(TimeSortedIdRegistry registry,
				ObjectProvider<PersistenceManagedTypes> managedTypes) {
			return (hibernateProperties) -> {
				hibernateProperties.put(TimeSortedIdRegistry.SETTING, registry);
				PersistenceManagedTypes types = managedTypes.getIfAvailable();
				if (types != null) {
					Set<Class<?>> typedIds = TypedIdScanner.typedIds(types.getManagedClassNames());
					if (!typedIds.isEmpty()) {
						hibernateProperties.merge(TypedIdTypeContributor.SETTING, List.copyOf(typedIds),
								(given, found) -> given);
					}
				}
			};
		}

	}

}
