package io.github.timesortedid.id;

import io.github.timesortedid.config.PropertyNames;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The names of the built-in algorithms and the factory that makes them. Each call to
 * {@link #create} returns a new generator with its own monotonic state, so share the instance
 * among everything that must see one strictly increasing sequence. Each algorithm's layout is
 * stated in the class this factory names for it.
 */
public final class IdAlgorithms {

	/** RFC 9562 UUIDv7; the default. */
	public static final String UUIDV7 = "uuidv7";

	/** ULID: 26 uppercase Crockford base32 characters. */
	public static final String ULID = "ulid";

	/** kuuid, as the npm package {@code kuuid} makes them: 32 base62 characters, timestamp first. */
	public static final String KUUID = "kuuid";

	/** Segment KSUID: 27 base62 characters. */
	public static final String KSUID = "ksuid";

	/** The ULID layout as 32 uppercase hex digits, as SQLite's {@code printf} and {@code hex} write it. */
	public static final String HEX_ULID = "hex-ulid";

	/** CouchDB {@code random}: 32 lowercase hex digits, no order. */
	public static final String COUCHDB_RANDOM = "couchdb-random";

	/** CouchDB {@code sequential}: random prefix and a growing counter. */
	public static final String COUCHDB_SEQUENTIAL = "couchdb-sequential";

	/** CouchDB {@code utc_random}: microseconds and randomness. */
	public static final String COUCHDB_UTC_RANDOM = "couchdb-utc-random";

	/** CouchDB {@code utc_id}: microseconds and a configured suffix. */
	public static final String COUCHDB_UTC_ID = "couchdb-utc-id";

	/** Twitter Snowflake: a 64-bit long. */
	public static final String SNOWFLAKE = "snowflake";

	/** MongoDB ObjectId: 24 lowercase hex digits. */
	public static final String OBJECTID = "objectid";

	/** Random tokens from a CSPRNG, no time part. */
	public static final String RANDOM = "random";

	private static final List<String> NAMES = List.of(UUIDV7, ULID, KUUID, KSUID, HEX_ULID, COUCHDB_RANDOM,
			COUCHDB_SEQUENTIAL, COUCHDB_UTC_RANDOM, COUCHDB_UTC_ID, SNOWFLAKE, OBJECTID, RANDOM);

	private IdAlgorithms() {
	}

	/**
	 * Returns the names of the built-in algorithms, in documentation order.
	 * @return the names
	 */
	public static List<String> names() {
		return NAMES;
	}

	/**
	 * Makes a new generator of the named algorithm.
	 * @param name one of {@link #names()}
	 * @param options the settings; only those of the named algorithm are used
	 * @return a new, thread-safe generator
	 * @throws InvalidSettingException if the name is unknown or a setting it needs is missing
	 */
	public static IdAlgorithm create(String name, AlgorithmOptions options) {
		return switch (String.valueOf(name)) {
			case UUIDV7 -> UuidV7Algorithm.create(options.uuidv7Encoding(), options.clock(), options.randomSource());
			case ULID -> UlidAlgorithm.create(options.clock(), options.randomSource());
			case HEX_ULID -> HexUlidAlgorithm.create(options.clock(), options.randomSource());
			case KUUID -> KuuidAlgorithm.create(options.kuuidMillisecond(), options.kuuidReverse(), options.clock(),
					options.randomSource());
			case KSUID -> KsuidAlgorithm.create(options.clock(), options.randomSource());
			case COUCHDB_RANDOM -> new CouchDbRandomAlgorithm(options.randomSource());
			case COUCHDB_SEQUENTIAL -> new CouchDbSequentialAlgorithm(options.randomSource());
			case COUCHDB_UTC_RANDOM -> CouchDbUtcRandomAlgorithm.create(options.clock(), options.randomSource());
			case COUCHDB_UTC_ID -> new CouchDbUtcIdAlgorithm(requireSuffix(options), options.clock(), options.leaseGuard());
			case SNOWFLAKE -> new SnowflakeAlgorithm(options.snowflakeEpoch(), options.snowflakeNodeId(),
					options.snowflakeEncoding(), options.snowflakeMaxWait(), options.clock(), options.leaseGuard());
			case OBJECTID -> new ObjectIdAlgorithm(options.clock(), options.randomSource());
			case RANDOM -> RandomTokenAlgorithm.create(options.randomBits(), options.randomSource());
			default -> throw unknown(PropertyNames.ALGORITHM, name, NAMES);
		};
	}

	/**
	 * Makes the exception for a property that names no algorithm.
	 * @param property the full property name
	 * @param name the value found there
	 * @param validNames every name that could have been used, built-in and custom
	 * @return the exception, naming the valid choices
	 */
	public static InvalidSettingException unknown(String property, @Nullable String name, List<String> validNames) {
		return new InvalidSettingException(property, name,
				"unknown algorithm; valid names are " + String.join(", ", validNames));
	}

	private static String requireSuffix(AlgorithmOptions options) {
		if (options.couchdbUtcIdSuffix() == null) {
			throw new InvalidSettingException(PropertyNames.COUCHDB_UTC_ID_SUFFIX, null,
					"couchdb-utc-id needs a suffix that tells instances apart, e.g. @mycouch");
		}
		return options.couchdbUtcIdSuffix();
	}

}
