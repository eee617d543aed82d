package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.TimeSortedIdProperties;
import org.jspecify.annotations.Nullable;

/**
 * The settings of every algorithm, checked when built. Immutable; made with {@link #builder()},
 * which starts from the defaults of {@link TimeSortedIdProperties} and takes configured values with
 * {@link Builder#apply}; a bad value is refused with an {@link InvalidSettingException} naming its
 * property.
 *
 * @param clock the clock that timestamps come from
 * @param randomSource the source of random bits
 * @param uuidv7Encoding the text form of {@code uuidv7} bodies
 * @param kuuidMillisecond whether {@code kuuid} timestamps are in milliseconds rather than seconds
 * @param kuuidReverse whether {@code kuuid} IDs sort newest first
 * @param couchdbUtcIdSuffix the suffix of {@code couchdb-utc-id} bodies, or {@code null} if none is set
 * @param snowflakeEpoch the {@code snowflake} epoch in Unix milliseconds
 * @param snowflakeNodeId the {@code snowflake} node ID, 0 to {@link #MAX_NODE_ID}
 * @param snowflakeEncoding the text form of {@code snowflake} values in {@code String} fields
 * @param snowflakeMaxWait how long {@code snowflake} waits for the clock after 4096 IDs in one millisecond
 * @param randomBits the number of random bits in a {@code random} token, 128 to 256
 * @param leaseGuard the lease that {@code snowflake} and {@code couchdb-utc-id} check before each ID,
 * or {@code null} when their node ID or suffix is configured rather than leased
 */
public record AlgorithmOptions(Clock clock, RandomSource randomSource, Uuidv7Encoding uuidv7Encoding,
		boolean kuuidMillisecond, boolean kuuidReverse, @Nullable String couchdbUtcIdSuffix, long snowflakeEpoch,
		int snowflakeNodeId, SnowflakeEncoding snowflakeEncoding, Duration snowflakeMaxWait, int randomBits,
		@Nullable LeaseGuard leaseGuard) {

	/** The highest node ID: {@code snowflake} has 10 bits for it. */
	public static final int MAX_NODE_ID = (1 << 10) - 1;

	private static final AlgorithmOptions DEFAULTS = builder().build();

	/**
	 * Checks the options.
	 * @param clock the clock that timestamps come from
	 * @param randomSource the source of random bits
	 * @param uuidv7Encoding the text form of {@code uuidv7} bodies
	 * @param kuuidMillisecond whether {@code kuuid} timestamps are in milliseconds
	 * @param kuuidReverse whether {@code kuuid} IDs sort newest first
	 * @param couchdbUtcIdSuffix the suffix of {@code couchdb-utc-id} bodies, or {@code null}
	 * @param snowflakeEpoch the {@code snowflake} epoch in Unix milliseconds
	 * @param snowflakeNodeId the {@code snowflake} node ID
	 * @param snowflakeEncoding the text form of {@code snowflake} values
	 * @param snowflakeMaxWait how long {@code snowflake} waits for the clock
	 * @param randomBits the number of random bits in a {@code random} token
	 * @param leaseGuard the lease, or {@code null}
	 * @throws InvalidSettingException naming the property of the first bad value
	 */
	public AlgorithmOptions {
		Objects.requireNonNull(clock, "clock");
		Objects.requireNonNull(randomSource, "randomSource");
		Objects.requireNonNull(uuidv7Encoding, PropertyNames.UUIDV7_ENCODING);
		Objects.requireNonNull(snowflakeEncoding, PropertyNames.SNOWFLAKE_ENCODING);
		if (couchdbUtcIdSuffix != null) {
			NodeSettings.checkSuffix(couchdbUtcIdSuffix);
		}
		if (snowflakeEpoch < 0) {
			throw new InvalidSettingException(PropertyNames.SNOWFLAKE_EPOCH, snowflakeEpoch,
					"use Unix milliseconds at or after 1970, e.g. " + SnowflakeAlgorithm.TWITTER_EPOCH);
		}
		NodeSettings.checkNodeId(snowflakeNodeId);
		if (snowflakeMaxWait == null || snowflakeMaxWait.isNegative() || snowflakeMaxWait.isZero()) {
			throw new InvalidSettingException(PropertyNames.SNOWFLAKE_MAX_WAIT, snowflakeMaxWait, "use a positive duration, e.g. 1s");
		}
		if (randomBits < RandomTokenAlgorithm.MIN_BITS || randomBits > RandomTokenAlgorithm.MAX_BITS) {
			throw new InvalidSettingException(PropertyNames.RANDOM_BITS, randomBits, "use " + RandomTokenAlgorithm.MIN_BITS + " to "
					+ RandomTokenAlgorithm.MAX_BITS + " bits; fewer than 128 are guessable");
		}
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

	/** Collects and checks {@link AlgorithmOptions}. */
	public static final class Builder {

		private Clock clock = Clock.systemUTC();

		private @Nullable RandomSource randomSource;

		private @Nullable Uuidv7Encoding uuidv7Encoding;

		private boolean kuuidMillisecond;

		private boolean kuuidReverse;

		private @Nullable String couchdbUtcIdSuffix;

		private long snowflakeEpoch;

		private int snowflakeNodeId;

		private @Nullable SnowflakeEncoding snowflakeEncoding;

		private @Nullable Duration snowflakeMaxWait;

		private int randomBits;

		private @Nullable LeaseGuard leaseGuard;

		private Builder() {
			apply(new TimeSortedIdProperties());
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
			couchdbUtcIdSuffix(NodeSettings.suffix(properties.getCouchdbUtcId().getSuffix(), this.leaseGuard));
			snowflakeEpoch(properties.getSnowflake().getEpoch());
			snowflakeNodeId(NodeSettings.nodeId(properties.getSnowflake().getNodeId(), this.leaseGuard));
			snowflakeEncoding(properties.getSnowflake().getEncoding());
			snowflakeMaxWait(properties.getSnowflake().getMaxWait());
			randomBits(properties.getRandom().getBits());
			return this;
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
			this.clock = clock;
			return this;
		}

		/**
		 * Sets the source of random bits.
		 * @param randomSource the source
		 * @return this builder
		 */
		public Builder randomSource(RandomSource randomSource) {
			this.randomSource = randomSource;
			return this;
		}

		/**
		 * Sets the text form of {@code uuidv7} bodies.
		 * @param encoding the encoding
		 * @return this builder
		 */
		public Builder uuidv7Encoding(Uuidv7Encoding encoding) {
			this.uuidv7Encoding = encoding;
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
			this.couchdbUtcIdSuffix = suffix;
			return this;
		}

		/**
		 * Sets the {@code snowflake} epoch.
		 * @param epochMillis Unix milliseconds, not negative
		 * @return this builder
		 */
		public Builder snowflakeEpoch(long epochMillis) {
			this.snowflakeEpoch = epochMillis;
			return this;
		}

		/**
		 * Sets the {@code snowflake} node ID.
		 * @param nodeId 0 to 1023, unique among the instances that share a table
		 * @return this builder
		 */
		public Builder snowflakeNodeId(int nodeId) {
			this.snowflakeNodeId = nodeId;
			return this;
		}

		/**
		 * Sets the text form of {@code snowflake} values in {@code String} fields.
		 * @param encoding the encoding
		 * @return this builder
		 */
		public Builder snowflakeEncoding(SnowflakeEncoding encoding) {
			this.snowflakeEncoding = encoding;
			return this;
		}

		/**
		 * Sets how long {@code snowflake} waits for the clock after 4096 IDs in one millisecond.
		 * @param maxWait a positive duration
		 * @return this builder
		 */
		public Builder snowflakeMaxWait(Duration maxWait) {
			this.snowflakeMaxWait = maxWait;
			return this;
		}

		/**
		 * Sets the number of random bits in a {@code random} token.
		 * @param bits 128 to 256
		 * @return this builder
		 */
		public Builder randomBits(int bits) {
			this.randomBits = bits;
			return this;
		}

		/**
		 * Checks and builds the options.
		 * @return immutable options
		 * @throws InvalidSettingException naming the property of the first bad value
		 */
		public AlgorithmOptions build() {
			return new AlgorithmOptions(this.clock, this.randomSource, this.uuidv7Encoding, this.kuuidMillisecond,
					this.kuuidReverse, this.couchdbUtcIdSuffix, this.snowflakeEpoch, this.snowflakeNodeId,
					this.snowflakeEncoding, this.snowflakeMaxWait, this.randomBits, this.leaseGuard);
		}

	}

}
