package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

import io.github.timesortedid.config.TimeSortedIdProperties;
import org.jspecify.annotations.Nullable;

/**
 * The settings of every algorithm, checked. Immutable; made with {@link #builder()}, which starts
 * from the defaults of {@link TimeSortedIdProperties}, takes configured values with
 * {@link Builder#apply}, checks each value and names the property of a bad one.
 */
public final class AlgorithmOptions {

	/** Property prefix shared by every setting. */
	public static final String PREFIX = "time-sorted-id.";

	/** Property for {@link Builder#uuidv7Encoding}. */
	public static final String UUIDV7_ENCODING = PREFIX + "uuidv7.encoding";

	/** Property for {@link Builder#kuuidMillisecond}. */
	public static final String KUUID_MILLISECOND = PREFIX + "kuuid.millisecond";

	/** Property for {@link Builder#kuuidReverse}. */
	public static final String KUUID_REVERSE = PREFIX + "kuuid.reverse";

	/** Property for {@link Builder#couchdbUtcIdSuffix}. */
	public static final String COUCHDB_UTC_ID_SUFFIX = PREFIX + "couchdb-utc-id.suffix";

	/** Property for {@link Builder#snowflakeEpoch}. */
	public static final String SNOWFLAKE_EPOCH = PREFIX + "snowflake.epoch";

	/** Property for {@link Builder#snowflakeNodeId}. */
	public static final String SNOWFLAKE_NODE_ID = PREFIX + "snowflake.node-id";

	/** Property for {@link Builder#snowflakeEncoding}. */
	public static final String SNOWFLAKE_ENCODING = PREFIX + "snowflake.encoding";

	/** Property for {@link Builder#snowflakeMaxWait}. */
	public static final String SNOWFLAKE_MAX_WAIT = PREFIX + "snowflake.max-wait";

	/** The highest node ID: {@code snowflake} has 10 bits for it. */
	public static final int MAX_NODE_ID = (1 << 10) - 1;

	/** Property for {@link Builder#randomBits}. */
	public static final String RANDOM_BITS = PREFIX + "random.bits";

	private static final TimeSortedIdProperties DEFAULT_PROPERTIES = new TimeSortedIdProperties();

	private static final AlgorithmOptions DEFAULTS = builder().build();

	private final Clock clock;

	private final RandomSource randomSource;

	private final Uuidv7Encoding uuidv7Encoding;

	private final boolean kuuidMillisecond;

	private final boolean kuuidReverse;

	private final @Nullable String couchdbUtcIdSuffix;

	private final long snowflakeEpoch;

	private final int snowflakeNodeId;

	private final SnowflakeEncoding snowflakeEncoding;

	private final Duration snowflakeMaxWait;

	private final int randomBits;

	private final @Nullable LeaseGuard leaseGuard;

	private AlgorithmOptions(Builder builder) {
		this.clock = builder.clock;
		this.randomSource = builder.randomSource;
		this.uuidv7Encoding = builder.uuidv7Encoding;
		this.kuuidMillisecond = builder.kuuidMillisecond;
		this.kuuidReverse = builder.kuuidReverse;
		this.couchdbUtcIdSuffix = builder.couchdbUtcIdSuffix;
		this.snowflakeEpoch = builder.snowflakeEpoch;
		this.snowflakeNodeId = builder.snowflakeNodeId;
		this.snowflakeEncoding = builder.snowflakeEncoding;
		this.snowflakeMaxWait = builder.snowflakeMaxWait;
		this.randomBits = builder.randomBits;
		this.leaseGuard = builder.leaseGuard;
	}

	/**
	 * Returns the defaults: system UTC clock, secure randomness, {@code base32} UUIDv7, kuuid in
	 * seconds and oldest first, Twitter's Snowflake epoch with node 0 as decimal, 128-bit tokens.
	 * @return the default options
	 */
	public static AlgorithmOptions defaults() {
		return DEFAULTS;
	}

	/**
	 * Starts a builder holding the defaults.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Starts a builder holding these options.
	 * @return a new builder
	 */
	public Builder toBuilder() {
		return new Builder().clock(this.clock)
			.randomSource(this.randomSource)
			.uuidv7Encoding(this.uuidv7Encoding)
			.kuuidMillisecond(this.kuuidMillisecond)
			.kuuidReverse(this.kuuidReverse)
			.couchdbUtcIdSuffix(this.couchdbUtcIdSuffix)
			.snowflakeEpoch(this.snowflakeEpoch)
			.snowflakeNodeId(this.snowflakeNodeId)
			.snowflakeEncoding(this.snowflakeEncoding)
			.snowflakeMaxWait(this.snowflakeMaxWait)
			.randomBits(this.randomBits)
			.leaseGuard(this.leaseGuard);
	}

	/**
	 * Returns the clock that timestamps come from.
	 * @return the clock
	 */
	public Clock clock() {
		return this.clock;
	}

	/**
	 * Returns the source of random bits.
	 * @return the random source
	 */
	public RandomSource randomSource() {
		return this.randomSource;
	}

	/**
	 * Returns the text form of {@code uuidv7} bodies.
	 * @return the encoding
	 */
	public Uuidv7Encoding uuidv7Encoding() {
		return this.uuidv7Encoding;
	}

	/**
	 * Tells whether {@code kuuid} timestamps are in milliseconds rather than seconds.
	 * @return true for milliseconds
	 */
	public boolean kuuidMillisecond() {
		return this.kuuidMillisecond;
	}

	/**
	 * Tells whether {@code kuuid} IDs sort newest first.
	 * @return true for reverse order
	 */
	public boolean kuuidReverse() {
		return this.kuuidReverse;
	}

	/**
	 * Returns the suffix of {@code couchdb-utc-id} bodies, or {@code null} if none is set.
	 * @return the suffix
	 */
	public @Nullable String couchdbUtcIdSuffix() {
		return this.couchdbUtcIdSuffix;
	}

	/**
	 * Returns the {@code snowflake} epoch in Unix milliseconds.
	 * @return the epoch
	 */
	public long snowflakeEpoch() {
		return this.snowflakeEpoch;
	}

	/**
	 * Returns the {@code snowflake} node ID.
	 * @return the node ID, 0 to 1023
	 */
	public int snowflakeNodeId() {
		return this.snowflakeNodeId;
	}

	/**
	 * Returns the text form of {@code snowflake} values in {@code String} fields.
	 * @return the encoding
	 */
	public SnowflakeEncoding snowflakeEncoding() {
		return this.snowflakeEncoding;
	}

	/**
	 * Returns how long {@code snowflake} waits for the clock after 4096 IDs in one millisecond.
	 * @return the bound on the wait
	 */
	public Duration snowflakeMaxWait() {
		return this.snowflakeMaxWait;
	}

	/**
	 * Returns the number of random bits in a {@code random} token.
	 * @return 128 to 256
	 */
	public int randomBits() {
		return this.randomBits;
	}

	/**
	 * Returns the lease that {@code snowflake} and {@code couchdb-utc-id} check before each ID, or
	 * {@code null} when their node ID or suffix is configured rather than leased.
	 * @return the lease guard
	 */
	public @Nullable LeaseGuard leaseGuard() {
		return this.leaseGuard;
	}

	/** Collects and checks {@link AlgorithmOptions}. */
	public static final class Builder {

		private Clock clock = Clock.systemUTC();

		private RandomSource randomSource;

		private Uuidv7Encoding uuidv7Encoding;

		private boolean kuuidMillisecond;

		private boolean kuuidReverse;

		private @Nullable String couchdbUtcIdSuffix;

		private long snowflakeEpoch;

		private int snowflakeNodeId;

		private SnowflakeEncoding snowflakeEncoding;

		private Duration snowflakeMaxWait;

		private int randomBits;

		private @Nullable LeaseGuard leaseGuard;

		private Builder() {
			apply(DEFAULT_PROPERTIES);
		}

		/**
		 * Takes every algorithm setting of the properties, checking each. A node ID or suffix of
		 * {@code auto} or {@code pod-ordinal} takes the node of the {@link #leaseGuard lease}, which
		 * must be set first.
		 * @param properties the properties
		 * @return this builder
		 * @throws InvalidSettingException naming the first property with a bad value
		 */
		public Builder apply(TimeSortedIdProperties properties) {
			randomSource(properties.getRandomSource().create());
			uuidv7Encoding(properties.getUuidv7().getEncoding());
			kuuidMillisecond(properties.getKuuid().isMillisecond());
			kuuidReverse(properties.getKuuid().isReverse());
			String suffix = properties.getCouchdbUtcId().getSuffix();
			couchdbUtcIdSuffix(TimeSortedIdProperties.isLeased(suffix) ? lease(COUCHDB_UTC_ID_SUFFIX, suffix).suffix() : suffix);
			snowflakeEpoch(properties.getSnowflake().getEpoch());
			String node = properties.getSnowflake().getNodeId();
			snowflakeNodeId(TimeSortedIdProperties.isLeased(node) ? lease(SNOWFLAKE_NODE_ID, node).nodeId() : nodeId(node));
			snowflakeEncoding(properties.getSnowflake().getEncoding());
			snowflakeMaxWait(properties.getSnowflake().getMaxWait());
			randomBits(properties.getRandom().getBits());
			return this;
		}

		private LeaseGuard lease(String property, String value) {
			if (this.leaseGuard == null) {
				throw new InvalidSettingException(property, value, value + " leases a node ID from a table in the application's "
						+ "database through Spring Boot's DataSource; without Spring, lease one with NodeLease.acquire(...) and pass "
						+ "it to AlgorithmOptions.builder().leaseGuard(lease) before apply(properties)");
			}
			return this.leaseGuard;
		}

		private static int nodeId(String value) {
			try {
				return Integer.parseInt(value.trim());
			}
			catch (NumberFormatException ex) {
				throw new InvalidSettingException(SNOWFLAKE_NODE_ID, value, "use a node ID from 0 to " + MAX_NODE_ID + ", auto to lease a free "
						+ "one from the database, or pod-ordinal for the ordinal of a StatefulSet pod");
			}
		}

		/**
		 * Sets the lease that {@code snowflake} and {@code couchdb-utc-id} check before each ID.
		 * @param leaseGuard the lease, or {@code null} for none
		 * @return this builder
		 */
		public Builder leaseGuard(@Nullable LeaseGuard leaseGuard) {
			this.leaseGuard = leaseGuard;
			return this;
		}

		/**
		 * Sets the clock that timestamps come from.
		 * @param clock the clock
		 * @return this builder
		 */
		public Builder clock(Clock clock) {
			this.clock = Objects.requireNonNull(clock, "clock");
			return this;
		}

		/**
		 * Sets the source of random bits.
		 * @param randomSource the source
		 * @return this builder
		 */
		public Builder randomSource(RandomSource randomSource) {
			this.randomSource = Objects.requireNonNull(randomSource, "randomSource");
			return this;
		}

		/**
		 * Sets the text form of {@code uuidv7} bodies.
		 * @param encoding the encoding
		 * @return this builder
		 */
		public Builder uuidv7Encoding(Uuidv7Encoding encoding) {
			this.uuidv7Encoding = Objects.requireNonNull(encoding, UUIDV7_ENCODING);
			return this;
		}

		/**
		 * Sets whether {@code kuuid} timestamps are in milliseconds.
		 * @param millisecond true for milliseconds
		 * @return this builder
		 */
		public Builder kuuidMillisecond(boolean millisecond) {
			this.kuuidMillisecond = millisecond;
			return this;
		}

		/**
		 * Sets whether {@code kuuid} IDs sort newest first.
		 * @param reverse true for reverse order
		 * @return this builder
		 */
		public Builder kuuidReverse(boolean reverse) {
			this.kuuidReverse = reverse;
			return this;
		}

		/**
		 * Sets the suffix of {@code couchdb-utc-id} bodies: printable ASCII, no spaces.
		 * @param suffix the suffix, e.g. {@code @mycouch}, or {@code null}
		 * @return this builder
		 */
		public Builder couchdbUtcIdSuffix(@Nullable String suffix) {
			if (suffix != null) {
				if (suffix.isEmpty() || suffix.length() > 64) {
					throw new InvalidSettingException(COUCHDB_UTC_ID_SUFFIX, suffix, "use 1 to 64 characters");
				}
				for (int i = 0; i < suffix.length(); i++) {
					char c = suffix.charAt(i);
					if (c <= 0x20 || c >= 0x7F) {
						throw new InvalidSettingException(COUCHDB_UTC_ID_SUFFIX, suffix,
								"use printable ASCII characters without spaces, e.g. @mycouch");
					}
				}
			}
			this.couchdbUtcIdSuffix = suffix;
			return this;
		}

		/**
		 * Sets the {@code snowflake} epoch.
		 * @param epochMillis Unix milliseconds, not negative
		 * @return this builder
		 */
		public Builder snowflakeEpoch(long epochMillis) {
			if (epochMillis < 0) {
				throw new InvalidSettingException(SNOWFLAKE_EPOCH, epochMillis,
						"use Unix milliseconds at or after 1970, e.g. " + SnowflakeAlgorithm.TWITTER_EPOCH);
			}
			this.snowflakeEpoch = epochMillis;
			return this;
		}

		/**
		 * Sets the {@code snowflake} node ID.
		 * @param nodeId 0 to 1023, unique among the instances that share a table
		 * @return this builder
		 */
		public Builder snowflakeNodeId(int nodeId) {
			if (nodeId < 0 || nodeId > MAX_NODE_ID) {
				throw new InvalidSettingException(SNOWFLAKE_NODE_ID, nodeId, "use a node ID from 0 to " + MAX_NODE_ID + " (10 bits)");
			}
			this.snowflakeNodeId = nodeId;
			return this;
		}

		/**
		 * Sets the text form of {@code snowflake} values in {@code String} fields.
		 * @param encoding the encoding
		 * @return this builder
		 */
		public Builder snowflakeEncoding(SnowflakeEncoding encoding) {
			this.snowflakeEncoding = Objects.requireNonNull(encoding, SNOWFLAKE_ENCODING);
			return this;
		}

		/**
		 * Sets how long {@code snowflake} waits for the clock after 4096 IDs in one millisecond.
		 * @param maxWait a positive duration
		 * @return this builder
		 */
		public Builder snowflakeMaxWait(Duration maxWait) {
			if (maxWait == null || maxWait.isNegative() || maxWait.isZero()) {
				throw new InvalidSettingException(SNOWFLAKE_MAX_WAIT, maxWait, "use a positive duration, e.g. 1s");
			}
			this.snowflakeMaxWait = maxWait;
			return this;
		}

		/**
		 * Sets the number of random bits in a {@code random} token.
		 * @param bits 128 to 256
		 * @return this builder
		 */
		public Builder randomBits(int bits) {
			if (bits < RandomTokenAlgorithm.MIN_BITS || bits > RandomTokenAlgorithm.MAX_BITS) {
				throw new InvalidSettingException(RANDOM_BITS, bits, "use " + RandomTokenAlgorithm.MIN_BITS + " to "
						+ RandomTokenAlgorithm.MAX_BITS + " bits; fewer than 128 are guessable");
			}
			this.randomBits = bits;
			return this;
		}

		/**
		 * Builds the options.
		 * @return immutable options
		 */
		public AlgorithmOptions build() {
			return new AlgorithmOptions(this);
		}

	}

}
