package io.github.timesortedid.autoconfigure;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Map;

import io.github.timesortedid.model.TimeSortedIdSettings;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import jakarta.persistence.spi.PersistenceProvider;
import jakarta.persistence.spi.PersistenceUnitInfo;
import jakarta.persistence.spi.ProviderUtil;
import org.hibernate.HibernateException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.orm.jpa.AbstractEntityManagerFactoryBean;
import org.springframework.orm.jpa.JpaVendorAdapter;

/**
 * Hibernate's own reads at boot (the JDBC metadata its dialect comes from, the tables that
 * {@code ddl-auto=validate} or {@code update} read) tried again like the starter's start-up checks:
 * after a transient failure, with backoff, within {@code time-sorted-id.schema-check.retry-timeout}.
 * A read that times out fails the whole build of the entity manager factory, so the build is what
 * runs again; a failure that is not transient (a missing column under {@code validate}) ends it at
 * once, as before.
 * <p>
 * Hibernate 7 does not pass the failure of its metadata read on: it logs it (HHH000342) and, with no
 * dialect configured, fails with "Unable to determine Dialect without JDBC metadata". That failure
 * is taken for the failed read it follows, unless metadata access at boot is switched off
 * ({@code hibernate.boot.allow_jdbc_metadata_access=false}), where it is a configuration error.
 */
final class HibernateStartupRetry implements BeanPostProcessor {

	/** How messages name what runs. */
	static final String CHECK = "Hibernate's start-up reads (the dialect's JDBC metadata, ddl-auto's tables)";

	private static final String NO_METADATA = "Unable to determine Dialect without JDBC metadata";

	private static final String ALLOW_METADATA = "hibernate.boot.allow_jdbc_metadata_access";

	private final ObjectProvider<TimeSortedIdSettings> settings;

	HibernateStartupRetry(ObjectProvider<TimeSortedIdSettings> settings) {
		this.settings = settings;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof AbstractEntityManagerFactoryBean factory) {
			PersistenceProvider provider = factory.getPersistenceProvider();
			JpaVendorAdapter vendor = factory.getJpaVendorAdapter();
			if (provider == null && vendor != null) {
				provider = vendor.getPersistenceProvider();
			}
			if (provider != null && !(provider instanceof Retrying)) {
				factory.setPersistenceProvider(new Retrying(provider, this.settings));
			}
		}
		return bean;
	}

	/** The provider the factory bean builds with, its container build run under the start-up retry. */
	private record Retrying(PersistenceProvider provider, ObjectProvider<TimeSortedIdSettings> settings)
			implements PersistenceProvider {

		@Override
		public EntityManagerFactory createContainerEntityManagerFactory(PersistenceUnitInfo info,
				Map<?, ?> properties) {
			TimeSortedIdSettings current = this.settings.getIfAvailable();
			if (current == null) {
				return this.provider.createContainerEntityManagerFactory(info, properties);
			}
			return current.startupRetry().run(CHECK, () -> {
				try {
					return this.provider.createContainerEntityManagerFactory(info, properties);
				}
				catch (RuntimeException ex) {
					throw readFailure(ex, info, properties);
				}
			});
		}

		/**
		 * The failure the retry judges: the build's own (a read's failure is found down its causes),
		 * or the failed metadata read that Hibernate logged and did not pass on.
		 */
		private static RuntimeException readFailure(RuntimeException failure, PersistenceUnitInfo info,
				Map<?, ?> properties) throws SQLException {
			for (Throwable cause = failure; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
				if (cause instanceof HibernateException && String.valueOf(cause.getMessage()).startsWith(NO_METADATA)
						&& metadataAllowed(info, properties)) {
					throw new SQLTransientConnectionException("Hibernate could not read the database's JDBC metadata "
							+ "for its dialect; its warning HHH000342 in the log above names the cause", "08001", failure);
				}
			}
			return failure;
		}

		private static boolean metadataAllowed(PersistenceUnitInfo info, Map<?, ?> properties) {
			Object allowed = properties.containsKey(ALLOW_METADATA) ? properties.get(ALLOW_METADATA)
					: info.getProperties().get(ALLOW_METADATA);
			return allowed == null || !"false".equalsIgnoreCase(allowed.toString().trim());
		}

		@Override
		public EntityManagerFactory createEntityManagerFactory(String unit, Map<?, ?> map) {
			return this.provider.createEntityManagerFactory(unit, map);
		}

		@Override
		public EntityManagerFactory createEntityManagerFactory(PersistenceConfiguration configuration) {
			return this.provider.createEntityManagerFactory(configuration);
		}

		@Override
		public void generateSchema(PersistenceUnitInfo info, Map<?, ?> map) {
			this.provider.generateSchema(info, map);
		}

		@Override
		public boolean generateSchema(String unit, Map<?, ?> map) {
			return this.provider.generateSchema(unit, map);
		}

		@Override
		public ProviderUtil getProviderUtil() {
			return this.provider.getProviderUtil();
		}

	}

}
