package io.github.timesortedid.hibernate;

import java.util.Map;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.model.TimeSortedIdSettings;
import org.hibernate.boot.registry.StandardServiceInitiator;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.hibernate.service.spi.ServiceContributor;
import org.hibernate.service.spi.ServiceRegistryImplementor;

/**
 * Makes one {@link TimeSortedIdRegistry} per Hibernate service registry: the one passed under
 * {@link TimeSortedIdRegistry#SETTING}, one built from {@link TimeSortedIdSettings} passed there,
 * or one read from the {@code time-sorted-id.*} properties; and, when tables are partitioned,
 * the statement inspector that gives loads by ID their partition's bounds ({@link PartitionLookups}).
 * Found by Hibernate through {@code META-INF/services}.
 */
public final class TimeSortedIdServiceContributor implements ServiceContributor {

	@Override
	public void contribute(StandardServiceRegistryBuilder serviceRegistryBuilder) {
		serviceRegistryBuilder.addInitiator(new Initiator());
		Map<String, Object> settings = serviceRegistryBuilder.getSettings();
		Object application = settings.get(AvailableSettings.STATEMENT_INSPECTOR);
		// an inspector named by its class is made by Hibernate; one given as an instance can run inside ours
		if (partitions(settings) && (application == null || application instanceof StatementInspector)) {
			serviceRegistryBuilder.applySetting(AvailableSettings.STATEMENT_INSPECTOR,
					new PartitionLookups((application != null) ? (StatementInspector) application : StatementInspector.NONE));
		}
	}

	/** Tells whether the settings partition any table, without reading them yet: the registry does. */
	private static boolean partitions(Map<String, Object> settings) {
		Object given = settings.get(TimeSortedIdRegistry.SETTING);
		if (given instanceof TimeSortedIdRegistry registry) {
			return !registry.settings().partitions().isEmpty();
		}
		if (given instanceof TimeSortedIdSettings configured) {
			return !configured.partitions().isEmpty();
		}
		return settings.keySet().stream().anyMatch(key -> key.startsWith(PropertyNames.PARTITIONS));
	}

	private static final class Initiator implements StandardServiceInitiator<RegistryService> {

		@Override
		public Class<RegistryService> getServiceInitiated() {
			return RegistryService.class;
		}

		@Override
		public RegistryService initiateService(Map<String, Object> configurationValues,
				ServiceRegistryImplementor registry) {
			Object given = configurationValues.get(TimeSortedIdRegistry.SETTING);
			if (given instanceof TimeSortedIdRegistry ready) {
				return new RegistryService(ready);
			}
			TimeSortedIdSettings settings = (given instanceof TimeSortedIdSettings) ? (TimeSortedIdSettings) given
					: TimeSortedIdSettings.fromProperties(configurationValues);
			return new RegistryService(new TimeSortedIdRegistry(settings));
		}

	}

}
