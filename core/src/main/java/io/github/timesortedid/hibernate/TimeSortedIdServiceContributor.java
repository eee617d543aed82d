package io.github.timesortedid.hibernate;

import java.util.Map;

import org.hibernate.boot.registry.StandardServiceInitiator;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.service.spi.ServiceContributor;
import org.hibernate.service.spi.ServiceRegistryImplementor;

/**
 * Makes one {@link TimeSortedIdRegistry} per Hibernate service registry: the one passed under
 * {@link TimeSortedIdRegistry#SETTING}, one built from {@link TimeSortedIdSettings} passed there,
 * or one read from the {@code time-sorted-id.*} properties. Found by Hibernate through
 * {@code META-INF/services}.
 */
public final class TimeSortedIdServiceContributor implements ServiceContributor {

	@Override
	public void contribute(StandardServiceRegistryBuilder serviceRegistryBuilder) {
		serviceRegistryBuilder.addInitiator(new Initiator());
	}

	private static final class Initiator implements StandardServiceInitiator<TimeSortedIdRegistry> {

		@Override
		public Class<TimeSortedIdRegistry> getServiceInitiated() {
			return TimeSortedIdRegistry.class;
		}

		@Override
		public TimeSortedIdRegistry initiateService(Map<String, Object> configurationValues,
				ServiceRegistryImplementor registry) {
			Object given = configurationValues.get(TimeSortedIdRegistry.SETTING);
			if (given instanceof TimeSortedIdRegistry) {
				return (TimeSortedIdRegistry) given;
			}
			TimeSortedIdSettings settings = (given instanceof TimeSortedIdSettings) ? (TimeSortedIdSettings) given
					: TimeSortedIdSettings.fromProperties(configurationValues);
			return new TimeSortedIdRegistry(settings);
		}

	}

}
