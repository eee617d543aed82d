package io.github.timesortedid.config;

import java.util.Set;

/**
 * The full names of the {@code time-sorted-id.*} settings that messages and conditions name: each
 * written once, derived from {@link TimeSortedIdProperties#PREFIX}, so that an error names the
 * same key the user wrote in {@code application.yml}.
 */
public final class PropertyNames {

	private static final String PREFIX = TimeSortedIdProperties.PREFIX + ".";

	/** The default algorithm. */
	public static final String ALGORITHM = PREFIX + "algorithm";

	/** The text between prefix and body. */
	public static final String SEPARATOR = PREFIX + "separator";

	/** The choice of {@code secure} or {@code fast} randomness. */
	public static final String RANDOM_SOURCE = PREFIX + "random-source";

	/** How {@code String} and typed-ID attributes are stored. */
	public static final String STORAGE = PREFIX + "storage";

	/** The check of existing ID columns at startup. */
	public static final String SCHEMA_CHECK_ENABLED = PREFIX + "schema-check.enabled";

	/** How long the start-up checks try again after a transient failure. */
	public static final String SCHEMA_CHECK_RETRY_TIMEOUT = PREFIX + "schema-check.retry-timeout";

	/** The start of the per-entity settings, {@code time-sorted-id.entities.<Entity>.*}. */
	public static final String ENTITIES = PREFIX + "entities.";

	/** The start of the partition settings, {@code time-sorted-id.partitions.<Entity>.*}. */
	public static final String PARTITIONS = PREFIX + "partitions.";

	/** The partition maintenance group. */
	public static final String PARTITION_MAINTENANCE = PREFIX + "partition-maintenance";

	/** The time between partition maintenance runs. */
	public static final String PARTITION_MAINTENANCE_PERIOD = PARTITION_MAINTENANCE + ".period";

	/** The longest a partition maintenance statement waits for a lock. */
	public static final String PARTITION_MAINTENANCE_LOCK_TIMEOUT = PARTITION_MAINTENANCE + ".lock-timeout";

	/** Whether partitioned tables are maintained by the application. */
	public static final String PARTITION_MAINTENANCE_ENABLED = PARTITION_MAINTENANCE + ".enabled";

	/** Whether the application runs the partition maintenance once and exits. */
	public static final String PARTITION_MAINTENANCE_RUN_ONCE = PARTITION_MAINTENANCE + ".run-once";

	/** The text form of {@code uuidv7} bodies. */
	public static final String UUIDV7_ENCODING = PREFIX + "uuidv7.encoding";

	/** Whether {@code kuuid} timestamps are in milliseconds. */
	public static final String KUUID_MILLISECOND = PREFIX + "kuuid.millisecond";

	/** Whether {@code kuuid} IDs sort newest first. */
	public static final String KUUID_REVERSE = PREFIX + "kuuid.reverse";

	/** The suffix of {@code couchdb-utc-id} bodies. */
	public static final String COUCHDB_UTC_ID_SUFFIX = PREFIX + "couchdb-utc-id.suffix";

	/** The {@code snowflake} epoch. */
	public static final String SNOWFLAKE_EPOCH = PREFIX + "snowflake.epoch";

	/** The {@code snowflake} node ID. */
	public static final String SNOWFLAKE_NODE_ID = PREFIX + "snowflake.node-id";

	/** The text form of {@code snowflake} values in {@code String} fields. */
	public static final String SNOWFLAKE_ENCODING = PREFIX + "snowflake.encoding";

	/** How long {@code snowflake} waits for the clock. */
	public static final String SNOWFLAKE_MAX_WAIT = PREFIX + "snowflake.max-wait";

	/** The number of random bits in a {@code random} token. */
	public static final String RANDOM_BITS = PREFIX + "random.bits";

	/** The node lease group. */
	public static final String NODE_LEASE = PREFIX + "node-lease";

	/** The environment variable holding a StatefulSet pod's name. */
	public static final String NODE_LEASE_POD_NAME_VARIABLE = NODE_LEASE + ".pod-name-variable";

	/** The longest one insert attempt may take. */
	public static final String INSERT_ATTEMPT_TIMEOUT = PREFIX + "insert.attempt-timeout";

	/** The number of insert attempts. */
	public static final String INSERT_MAX_ATTEMPTS = PREFIX + "insert.max-attempts";

	/** The growth of the delay between insert attempts. */
	public static final String INSERT_MULTIPLIER = PREFIX + "insert.multiplier";

	/** The group of the check of the Hibernate ORM and Spring Framework versions at startup. */
	public static final String COMPATIBILITY_CHECK = PREFIX + "compatibility-check";

	/** The check of the Hibernate ORM and Spring Framework versions at startup. */
	public static final String COMPATIBILITY_CHECK_ENABLED = COMPATIBILITY_CHECK + ".enabled";

	/** Whether {@code Long} IDs are written to JSON as strings. */
	public static final String JSON_LONG_IDS_AS_STRINGS = PREFIX + "json.long-ids-as-strings";

	/** The Hibernate setting under which a ready registry (or its settings) is passed. */
	public static final String REGISTRY = PREFIX + "registry";

	/** The Hibernate setting naming the typed ID classes. */
	public static final String TYPED_IDS = PREFIX + "typed-ids";

	/**
	 * The Hibernate settings of the integration that share the prefix but are no properties of
	 * {@link TimeSortedIdProperties}: plain Hibernate's reader passes them by.
	 */
	static final Set<String> HIBERNATE_SETTINGS = Set.of(REGISTRY, TYPED_IDS);

	private PropertyNames() {
	}

}
