package io.github.timesortedid.id;

import java.time.Clock;
import java.util.List;
import java.util.function.UnaryOperator;

/** One configured algorithm, as tests enumerate them: every algorithm and every encoding. */
final class AlgorithmConfig {

	final String label;

	final String name;

	private final UnaryOperator<AlgorithmOptions.Builder> options;

	private AlgorithmConfig(String label, String name, UnaryOperator<AlgorithmOptions.Builder> options) {
		this.label = label;
		this.name = name;
		this.options = options;
	}

	static List<AlgorithmConfig> all() {
		return List.of(of("uuidv7/base32", "uuidv7", b -> b),
				of("uuidv7/base36", "uuidv7", b -> b.uuidv7Encoding(Uuidv7Encoding.BASE36)),
				of("uuidv7/base62", "uuidv7", b -> b.uuidv7Encoding(Uuidv7Encoding.BASE62)),
				of("uuidv7/hex", "uuidv7", b -> b.uuidv7Encoding(Uuidv7Encoding.HEX)),
				of("uuidv7/canonical", "uuidv7", b -> b.uuidv7Encoding(Uuidv7Encoding.CANONICAL)),
				of("ulid", "ulid", b -> b), of("kuuid", "kuuid", b -> b),
				of("kuuid/millisecond", "kuuid", b -> b.kuuidMillisecond(true)),
				of("kuuid/reverse", "kuuid", b -> b.kuuidReverse(true)),
				of("kuuid/millisecond+reverse", "kuuid", b -> b.kuuidMillisecond(true).kuuidReverse(true)),
				of("ksuid", "ksuid", b -> b), of("hex-ulid", "hex-ulid", b -> b),
				of("couchdb-random", "couchdb-random", b -> b), of("couchdb-sequential", "couchdb-sequential", b -> b),
				of("couchdb-utc-random", "couchdb-utc-random", b -> b),
				of("couchdb-utc-id", "couchdb-utc-id", b -> b.couchdbUtcIdSuffix("@mycouch")),
				of("snowflake/decimal", "snowflake", b -> b.snowflakeNodeId(7)),
				of("snowflake/base32", "snowflake", b -> b.snowflakeNodeId(7).snowflakeEncoding(SnowflakeEncoding.BASE32)),
				of("snowflake/base62", "snowflake", b -> b.snowflakeNodeId(7).snowflakeEncoding(SnowflakeEncoding.BASE62)),
				of("objectid", "objectid", b -> b), of("random", "random", b -> b),
				of("random/256", "random", b -> b.randomBits(256)));
	}

	static List<AlgorithmConfig> timeOrdered() {
		return all().stream().filter(c -> c.create(Clock.systemUTC()) instanceof TimeOrderedIdAlgorithm).toList();
	}

	private static AlgorithmConfig of(String label, String name, UnaryOperator<AlgorithmOptions.Builder> options) {
		return new AlgorithmConfig(label, name, options);
	}

	IdAlgorithm create(Clock clock) {
		return create(clock, RandomSource.secure());
	}

	IdAlgorithm create(Clock clock, RandomSource random) {
		return IdAlgorithms.create(this.name, this.options.apply(AlgorithmOptions.builder().clock(clock).randomSource(random)).build());
	}

	@Override
	public String toString() {
		return this.label;
	}

}
