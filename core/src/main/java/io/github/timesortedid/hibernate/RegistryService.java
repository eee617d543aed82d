package io.github.timesortedid.hibernate;

import java.io.Serial;

import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.hibernate.service.Service;
import org.hibernate.service.ServiceRegistry;

/**
 * The model's {@link TimeSortedIdRegistry} as a Hibernate {@link Service}: one per service
 * registry, which the generator, the attribute binder and the integrator look up.
 *
 * @param registry the registry
 */
record RegistryService(TimeSortedIdRegistry registry) implements Service {

	@Serial
	private static final long serialVersionUID = 1L;

	/** The registry of a Hibernate service registry. */
	static TimeSortedIdRegistry of(ServiceRegistry services) {
		return services.requireService(RegistryService.class).registry();
	}

}
