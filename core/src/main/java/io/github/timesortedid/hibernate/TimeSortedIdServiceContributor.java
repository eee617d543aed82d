package io.github.timesortedid.hibernate;

import java.util.Arrays;
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
import org.jspecify.annotations.Nullable;

/**
 * Makes one {@link TimeSortedIdRegistry} per Hibernate service registry: the one passed under
 * {@link TimeSortedIdRegistry#SETTING}, one built from {@link TimeSortedIdSettings} passed there,
 * or one read from the {@code time-sorted-id.*} properties; and, when tables are partitioned,
 * the statement inspector that gives loads by ID their partition's bounds ({@link PartitionLookups})
 * and the table type that lets Hibernate's schema tools see partitioned tables as tables.
 * Found by Hibernate through {@code META-INF/services}.
 */
public final class TimeSortedIdServiceContributor implements ServiceContributor {

	/** The JDBC table type of a PostgreSQL partitioned table ({@code DatabaseMetaData.getTableTypes}). */
	private static final String PARTITIONED_TABLE = "PARTITIONED TABLE";

	@Override
	public void contribute(StandardServiceRegistryBuilder serviceRegistryBuilder) {
		serviceRegistryBuilder.addInitiator(new Initiator());
		Map<String, Object> settings = serviceRegistryBuilder.getSettings();
		Object application = settings.get(AvailableSettings.STATEMENT_INSPECTOR);
		// an inspector named by its class is made by Hibernate; one given as an instance can run inside ours
		if (!partitions(settings)) {
			return;
		}
		if (application == null || application instanceof StatementInspector) {
			serviceRegistryBuilder.applySetting(AvailableSettings.STATEMENT_INSPECTOR,
					new PartitionLookups((application != null) ? (StatementInspector) application : StatementInspector.NONE));
		}
		serviceRegistryBuilder.applySetting(AvailableSettings.EXTRA_PHYSICAL_TABLE_TYPES,
				withPartitionedTables(settings.get(AvailableSettings.EXTRA_PHYSICAL_TABLE_TYPES)));
	}

	/**
	 * The table types Hibernate's schema tools treat as tables, with PostgreSQL's partitioned
	 * tables among them. The JDBC driver reports a partitioned table as {@code PARTITIONED TABLE}
	 * (relkind {@code p}), which Hibernate's PostgreSQL dialect counts as a table that exists but
	 * not as one it manages, like a view: {@code ddl-auto=update} then adds no column to it and
	 * reads none of its foreign keys, so it adds each of them again on every start, and PostgreSQL
	 * refuses each one ("already exists"). Counted as a table, it is migrated like any other.
	 * Types the application lists already are kept.
	 */
	private static String withPartitionedTables(@Nullable Object configured) {
		String types = (configured != null) ? configured.toString().trim() : "";
		boolean listed = Arrays.stream(types.split("[,;]")).map(String::trim).anyMatch(PARTITIONED_TABLE::equalsIgnoreCase);
		return listed ? types : types.isEmpty() ? PARTITIONED_TABLE : types + "," + PARTITIONED_TABLE;
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
