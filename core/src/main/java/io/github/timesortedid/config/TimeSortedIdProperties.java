package io.github.timesortedid.config;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.id.Uuidv7Encoding;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Configuration of {@code @TimeSortedId} attributes, under {@code time-sorted-id}: the one
 * description of every setting, its type and its default. Spring Boot binds it from
 * {@code application.yml}; plain Hibernate reads the same names and forms from its settings with
 * {@link #bind(Map)}. The values are checked where they are used: in {@code AlgorithmOptions},
 * {@code TimeSortedIdSettings} and the lease and insert options built from them.
 */
@ConfigurationProperties(TimeSortedIdProperties.PREFIX)
public class TimeSortedIdProperties {

	/** The prefix of every setting's name. */
	public static final String PREFIX = "time-sorted-id";

	/** The node ID or suffix that leases a free node from the application's database. */
	public static final String AUTO = "auto";

	/** The node ID or suffix taken from a Kubernetes StatefulSet pod's ordinal, leased. */
	public static final String POD_ORDINAL = "pod-ordinal";

	/**
	 * Algorithm of every @TimeSortedId attribute that names none: uuidv7, ulid, kuuid, ksuid,
	 * hex-ulid, couchdb-random, couchdb-sequential, couchdb-utc-random, couchdb-utc-id, snowflake,
	 * objectid, random, or the name of an IdAlgorithm bean.
	 */
	private String algorithm = "uuidv7";

	/**
	 * Text between the prefix and the body of String IDs, e.g. "_" in post_01jh... It may not occur
	 * in the body alphabet ("-" clashes with the uuidv7 canonical encoding).
	 */
	private String separator = "_";

	/**
	 * Where random bits come from: secure (a CSPRNG: AES-256 in counter mode, reseeded from the
	 * system's DRBG) or fast (ThreadLocalRandom, not for secrets). The random algorithm is always
	 * secure.
	 */
	private RandomSourceType randomSource = RandomSourceType.SECURE;

	/**
	 * How String and typed-ID attributes are stored: text (the prefixed ID in a varchar, readable
	 * in SQL) or binary (the body's bits in a uuid, bytea or binary(N) column, the prefix only in
	 * Java: smaller keys and foreign keys). Long and UUID attributes are bigint and uuid either way.
	 */
	private IdStorage storage = IdStorage.TEXT;

	private final Uuidv7 uuidv7 = new Uuidv7();

	@NestedConfigurationProperty
	private final KuuidProperties kuuid = new KuuidProperties();

	private final CouchdbUtcId couchdbUtcId = new CouchdbUtcId();

	@NestedConfigurationProperty
	private final SnowflakeProperties snowflake = new SnowflakeProperties();

	private final Random random = new Random();

	@NestedConfigurationProperty
	private final InsertProperties insert = new InsertProperties();

	private final SchemaCheck schemaCheck = new SchemaCheck();

	@NestedConfigurationProperty
	private final NodeLeaseProperties nodeLease = new NodeLeaseProperties();

	private final CompatibilityCheck compatibilityCheck = new CompatibilityCheck();

	@NestedConfigurationProperty
	private final JsonProperties json = new JsonProperties();

	/**
	 * Per-entity overrides, keyed by JPA entity name (e.g. Session): prefix of the @Id attribute
	 * and algorithm of all the entity's @TimeSortedId attributes. They win over the annotation.
	 */
	private final Map<String, EntityProperties> entities = new LinkedHashMap<>();

	/**
	 * Tables partitioned by the time inside their IDs, keyed by JPA entity name (e.g. Post): the
	 * interval of a partition, the partitions kept ready ahead and the retention. PostgreSQL and
	 * MariaDB; on H2, which has no partitions, the tables stay whole.
	 */
	private final Map<String, PartitionProperties> partitions = new LinkedHashMap<>();

	@NestedConfigurationProperty
	private final PartitionMaintenanceProperties partitionMaintenance = new PartitionMaintenanceProperties();

	public String getAlgorithm() {
		return this.algorithm;
	}

	public void setAlgorithm(String algorithm) {
		this.algorithm = algorithm;
	}

	public String getSeparator() {
		return this.separator;
	}

	public void setSeparator(String separator) {
		this.separator = separator;
	}

	public RandomSourceType getRandomSource() {
		return this.randomSource;
	}

	public void setRandomSource(RandomSourceType randomSource) {
		this.randomSource = randomSource;
	}

	public IdStorage getStorage() {
		return this.storage;
	}

	public void setStorage(IdStorage storage) {
		this.storage = storage;
	}

	public Uuidv7 getUuidv7() {
		return this.uuidv7;
	}

	public KuuidProperties getKuuid() {
		return this.kuuid;
	}

	public CouchdbUtcId getCouchdbUtcId() {
		return this.couchdbUtcId;
	}

	public SnowflakeProperties getSnowflake() {
		return this.snowflake;
	}

	public Random getRandom() {
		return this.random;
	}

	public NodeLeaseProperties getNodeLease() {
		return this.nodeLease;
	}

	public SchemaCheck getSchemaCheck() {
		return this.schemaCheck;
	}

	/**
	 * Tells whether a node ID or suffix setting asks for a leased node.
	 * @param value the value of {@code snowflake.node-id} or {@code couchdb-utc-id.suffix}
	 * @return true for {@value #AUTO} and {@value #POD_ORDINAL}
	 */
	public static boolean isLeased(@Nullable String value) {
		return AUTO.equalsIgnoreCase(value) || POD_ORDINAL.equalsIgnoreCase(value);
	}

	public CompatibilityCheck getCompatibilityCheck() {
		return this.compatibilityCheck;
	}

	public JsonProperties getJson() {
		return this.json;
	}

	/**
	 * Reads the {@code time-sorted-id.*} entries of a settings map, such as Hibernate's, in the forms
	 * Spring Boot accepts: relaxed names ({@code node-id}, {@code nodeId}, {@code node_id}),
	 * durations such as {@code 500ms}, {@code 2m} or {@code PT1S}, enum values in any case. Keys
	 * outside {@code time-sorted-id.} are ignored, and so are the Hibernate settings that share it
	 * ({@code time-sorted-id.registry}, {@code time-sorted-id.typed-ids}).
	 * @param settings the settings, with string or already typed values
	 * @return the properties
	 * @throws io.github.timesortedid.id.InvalidSettingException naming the first key that is no
	 * setting or whose value has the wrong form
	 */
	public static TimeSortedIdProperties bind(Map<?, ?> settings) {
		TimeSortedIdProperties properties = new MapBinder(PREFIX).bind(settings, new TimeSortedIdProperties());
		PropertyChecks.mergeEntityKeys(properties);
		return properties;
	}

	public InsertProperties getInsert() {
		return this.insert;
	}

	public Map<String, EntityProperties> getEntities() {
		return this.entities;
	}

	public Map<String, PartitionProperties> getPartitions() {
		return this.partitions;
	}

	public PartitionMaintenanceProperties getPartitionMaintenance() {
		return this.partitionMaintenance;
	}

	/** Options of the uuidv7 algorithm. */
	public static class Uuidv7 {

		/**
		 * Text form of uuidv7 values in String attributes: base32 (26 chars, TypeID), base36 (25),
		 * base62 (22, case-sensitive), hex (32) or canonical (36).
		 */
		private Uuidv7Encoding encoding = Uuidv7Encoding.BASE32;

		public Uuidv7Encoding getEncoding() {
			return this.encoding;
		}

		public void setEncoding(Uuidv7Encoding encoding) {
			this.encoding = encoding;
		}

	}

	/** Options of the couchdb-utc-id algorithm. */
	public static class CouchdbUtcId {

		/**
		 * Suffix appended to the 14 hex digits of microseconds, e.g. "@mycouch"; required by
		 * couchdb-utc-id and unique per instance. Printable ASCII without spaces; or "auto" (or
		 * "pod-ordinal") for "@" and the node ID leased from the database (or the pod's ordinal,
		 * leased) as three hex digits.
		 */
		private @Nullable String suffix;

		public @Nullable String getSuffix() {
			return this.suffix;
		}

		public void setSuffix(@Nullable String suffix) {
			this.suffix = suffix;
		}

	}

	/** Options of the random algorithm. */
	public static class Random {

		/**
		 * Number of random bits in a token, 128 to 256; the body is ceil(bits / 5.95) base62
		 * characters (22 for 128 bits).
		 */
		private int bits = 128;

		public int getBits() {
			return this.bits;
		}

		public void setBits(int bits) {
			this.bits = bits;
		}

	}

	/** The check of the Hibernate ORM and Spring Framework versions at startup. */
	public static class CompatibilityCheck {

		/**
		 * Whether startup fails when the Hibernate ORM (7.1 to 7.4 supported) or Spring Framework
		 * (7.0.2 or later) on the classpath is not supported.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/** The check of existing ID columns at startup. */
	public static class SchemaCheck {

		/**
		 * Whether to check, at startup, that each ID column can hold its IDs: long enough, and for
		 * case-sensitive bodies (kuuid, ksuid, base62, random) a collation that compares bytes.
		 */
		private boolean enabled = true;

		/**
		 * How long the start-up checks (the schema check, the partition check, the shards' check)
		 * and Hibernate's own reads at boot (its dialect's JDBC metadata, ddl-auto's tables) try
		 * again, with backoff, after a transient failure reading the database (a timeout, a lost
		 * connection) before start-up fails; a failure that is not transient (a refused login, a
		 * missing privilege, a missing column) fails start-up at once. 0 reads once. Spring Boot
		 * only: with plain Hibernate the checks read once.
		 */
		private Duration retryTimeout = Duration.ofSeconds(5);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public Duration getRetryTimeout() {
			return this.retryTimeout;
		}

		public void setRetryTimeout(Duration retryTimeout) {
			this.retryTimeout = retryTimeout;
		}

	}

}
