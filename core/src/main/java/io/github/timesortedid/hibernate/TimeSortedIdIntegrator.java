package io.github.timesortedid.hibernate;

import org.hibernate.SessionFactory;
import org.hibernate.SessionFactoryObserver;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.integrator.spi.Integrator;

/**
 * Checks, once a session factory is fully built (after every generator has registered its
 * attribute), that each {@code time-sorted-id.entities.<Entity>} override names an entity that
 * uses {@code @TimeSortedId}. Found by Hibernate through {@code META-INF/services}.
 */
public final class TimeSortedIdIntegrator implements Integrator {

	@Override
	public void integrate(Metadata metadata, BootstrapContext bootstrapContext, SessionFactoryImplementor sessionFactory) {
		sessionFactory.addObserver(new SessionFactoryObserver() {

			private static final long serialVersionUID = 1L;

			@Override
			public void sessionFactoryCreated(SessionFactory factory) {
				sessionFactory.getServiceRegistry().requireService(TimeSortedIdRegistry.class).verifyEntityOverridesUsed();
			}

		});
	}

}
