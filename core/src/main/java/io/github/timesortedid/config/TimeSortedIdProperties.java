package io.github.timesortedid.config;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.timesortedid.id.RandomSource;
import io.github.timesortedid.id.SnowflakeEncoding;
import io.github.timesortedid.id.Uuidv7Encoding;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

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

	private final Uuidv7 uuidv7 = new Uuidv7();

	private final Kuuid kuuid = new Kuuid();

	private final CouchdbUtcId couchdbUtcId = new CouchdbUtcId();

	private final Snowflake snowflake = new Snowflake();

	private final Random random = new Random();

	private final Insert insert = new Insert();

	private final SchemaCheck schemaCheck = new SchemaCheck();

	private final NodeLease nodeLease = new NodeLease();

	private final CompatibilityCheck compatibilityCheck = new CompatibilityCheck();

	/**
	 * Per-entity overrides, keyed by JPA entity name (e.g. Session): prefix of the @Id attribute
	 * and algorithm of all the entity's @TimeSortedId attributes. They win over the annotation.
	 */
	private final Map<String, Entity> entities = new LinkedHashMap<>();

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

	public Uuidv7 getUuidv7() {
		return this.uuidv7;
	}

	public Kuuid getKuuid() {
		return this.kuuid;
	}

	public CouchdbUtcId getCouchdbUtcId() {
		return this.couchdbUtcId;
	}

	public Snowflake getSnowflake() {
		return this.snowflake;
	}

	public Random getRandom() {
		return this.random;
	}

	public NodeLease getNodeLease() {
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

	/**
	 * Reads the {@code time-sorted-id.*} entries of a settings map, such as Hibernate's, in the forms
	 * Spring Boot accepts: relaxed names ({@code node-id}, {@code nodeId}, {@code node_id}),
	 * durations such as {@code 500ms}, {@code 2m} or {@code PT1S}, enum values in any case. Keys
	 * outside {@code time-sorted-id.} are ignored.
	 * @param settings the settings, with string or already typed values
	 * @return the properties
	 * @throws io.github.timesortedid.id.InvalidSettingException naming the first key whose value
	 * has the wrong form
	 */
	public static TimeSortedIdProperties bind(Map<?, ?> settings) {
		return new MapBinder(PREFIX).bind(settings, new TimeSortedIdProperties());
	}

	public Insert getInsert() {
		return this.insert;
	}

	public Map<String, Entity> getEntities() {
		return this.entities;
	}

	/** Where random bits come from. */
	public enum RandomSourceType {

		/** A CSPRNG: AES-256 keystreams in counter mode, reseeded from the system's DRBG. */
		SECURE {

			@Override
			public RandomSource create() {
				return RandomSource.secure();
			}

		},

		/** ThreadLocalRandom: faster, not for secrets. */
		FAST {

			@Override
			public RandomSource create() {
				return RandomSource.fast();
			}

		};

		/**
		 * Returns the source this choice stands for.
		 * @return the random source
		 */
		public abstract RandomSource create();

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

	/** Options of the kuuid algorithm. */
	public static class Kuuid {

		/**
		 * Whether the timestamp counts milliseconds instead of seconds since 1970.
		 */
		private boolean millisecond;

		/**
		 * Whether IDs sort newest first (the timestamp is stored as 62^8-1 minus the time).
		 */
		private boolean reverse;

		public boolean isMillisecond() {
			return this.millisecond;
		}

		public void setMillisecond(boolean millisecond) {
			this.millisecond = millisecond;
		}

		public boolean isReverse() {
			return this.reverse;
		}

		public void setReverse(boolean reverse) {
			this.reverse = reverse;
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

	/** Options of the snowflake algorithm. */
	public static class Snowflake {

		/**
		 * Epoch of the 41-bit millisecond timestamp, in Unix milliseconds (default: Twitter's,
		 * 2010-11-04T01:42:54.657Z). IDs can be made for 69 years after it.
		 */
		private long epoch = 1_288_834_974_657L;

		/**
		 * Node ID, 0 to 1023, unique among the instances that insert into the same tables; "auto" to
		 * lease a free one from a table in the application's database (see node-lease); or
		 * "pod-ordinal" for the ordinal of a Kubernetes StatefulSet pod name (orders-7 gives 7),
		 * leased too, so that two pods with one ordinal cannot both run.
		 */
		private String nodeId = "0";

		/**
		 * Text form of snowflake values in String attributes: decimal (19 digits), base32 (13) or
		 * base62 (11, case-sensitive). Long attributes store the number itself.
		 */
		private SnowflakeEncoding encoding = SnowflakeEncoding.DECIMAL;

		/**
		 * Longest wait for the clock after 4096 IDs in one millisecond; past it, generation fails
		 * instead of handing out a duplicate.
		 */
		private Duration maxWait = Duration.ofSeconds(1);

		public long getEpoch() {
			return this.epoch;
		}

		public void setEpoch(long epoch) {
			this.epoch = epoch;
		}

		public String getNodeId() {
			return this.nodeId;
		}

		public void setNodeId(String nodeId) {
			this.nodeId = nodeId;
		}

		public SnowflakeEncoding getEncoding() {
			return this.encoding;
		}

		public void setEncoding(SnowflakeEncoding encoding) {
			this.encoding = encoding;
		}

		public Duration getMaxWait() {
			return this.maxWait;
		}

		public void setMaxWait(Duration maxWait) {
			this.maxWait = maxWait;
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

	/** Node IDs leased from the application's database, for snowflake.node-id=auto or pod-ordinal. */
	public static class NodeLease {

		/**
		 * Table of leases, created if missing: one row per leased node with its owner and expiry.
		 */
		private String table = "time_sorted_id_node_lease";

		/**
		 * How long a lease lasts without renewal; an instance that dies frees its node after this.
		 */
		private Duration ttl = Duration.ofSeconds(30);

		/**
		 * How often the lease is renewed; shorter than the TTL minus a safety margin of a fifth of it.
		 */
		private Duration heartbeat = Duration.ofSeconds(10);

		/**
		 * Lowest node ID "auto" leases; with max-node, splits the 1024 nodes between applications
		 * or regions that share the ID space but not the lease table.
		 */
		private int minNode = 0;

		/**
		 * Highest node ID "auto" leases.
		 */
		private int maxNode = 1023;

		/**
		 * Environment variable (or property) holding the StatefulSet pod name for "pod-ordinal".
		 */
		private String podNameVariable = "HOSTNAME";

		public int getMinNode() {
			return this.minNode;
		}

		public void setMinNode(int minNode) {
			this.minNode = minNode;
		}

		public int getMaxNode() {
			return this.maxNode;
		}

		public void setMaxNode(int maxNode) {
			this.maxNode = maxNode;
		}

		public String getPodNameVariable() {
			return this.podNameVariable;
		}

		public void setPodNameVariable(String podNameVariable) {
			this.podNameVariable = podNameVariable;
		}

		public String getTable() {
			return this.table;
		}

		public void setTable(String table) {
			this.table = table;
		}

		public Duration getTtl() {
			return this.ttl;
		}

		public void setTtl(Duration ttl) {
			this.ttl = ttl;
		}

		public Duration getHeartbeat() {
			return this.heartbeat;
		}

		public void setHeartbeat(Duration heartbeat) {
			this.heartbeat = heartbeat;
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

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/** Retries of retry-safe inserts (RetrySafeInserter and repository insert). */
	public static class Insert {

		/**
		 * Most attempts of one insert, the first included; an ambiguous failure (timeout, lost
		 * connection, deadlock) is retried with the same ID until then.
		 */
		private int maxAttempts = 5;

		/**
		 * Delay before the first retry; later ones grow by the multiplier.
		 */
		private Duration initialDelay = Duration.ofMillis(20);

		/**
		 * Factor by which each retry's delay grows.
		 */
		private double multiplier = 2.0;

		/**
		 * Longest delay between two attempts.
		 */
		private Duration maxDelay = Duration.ofSeconds(1);

		/**
		 * Random spread added to or taken from each delay, so that instances failing together do not
		 * retry in step.
		 */
		private Duration jitter = Duration.ofMillis(10);

		/**
		 * Longest time the statements of one attempt may take, in whole seconds (the timeout of the
		 * attempt's transaction). An INSERT that waits on a lock held by an orphaned transaction (a
		 * connection that died after its INSERT) then fails and is retried instead of hanging.
		 */
		private Duration attemptTimeout = Duration.ofSeconds(10);

		public Duration getAttemptTimeout() {
			return this.attemptTimeout;
		}

		public void setAttemptTimeout(Duration attemptTimeout) {
			this.attemptTimeout = attemptTimeout;
		}

		public int getMaxAttempts() {
			return this.maxAttempts;
		}

		public void setMaxAttempts(int maxAttempts) {
			this.maxAttempts = maxAttempts;
		}

		public Duration getInitialDelay() {
			return this.initialDelay;
		}

		public void setInitialDelay(Duration initialDelay) {
			this.initialDelay = initialDelay;
		}

		public double getMultiplier() {
			return this.multiplier;
		}

		public void setMultiplier(double multiplier) {
			this.multiplier = multiplier;
		}

		public Duration getMaxDelay() {
			return this.maxDelay;
		}

		public void setMaxDelay(Duration maxDelay) {
			this.maxDelay = maxDelay;
		}

		public Duration getJitter() {
			return this.jitter;
		}

		public void setJitter(Duration jitter) {
			this.jitter = jitter;
		}

	}

	/** Overrides for one entity. */
	public static class Entity {

		/**
		 * Prefix of the entity's @Id attribute, e.g. "sess"; wins over @TimeSortedId(prefix).
		 */
		private @Nullable String prefix;

		/**
		 * Algorithm of the entity's @TimeSortedId attributes; wins over @TimeSortedId(algorithm).
		 */
		private @Nullable String algorithm;

		public @Nullable String getPrefix() {
			return this.prefix;
		}

		public void setPrefix(@Nullable String prefix) {
			this.prefix = prefix;
		}

		public @Nullable String getAlgorithm() {
			return this.algorithm;
		}

		public void setAlgorithm(@Nullable String algorithm) {
			this.algorithm = algorithm;
		}

	}

}
