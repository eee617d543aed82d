package io.github.timesortedid.id;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.timesortedid.testsupport.SettableClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Over every algorithm and every encoding option, with bodies made at random instants from random
 * bits (and the lowest and highest bodies of an instant): the segments have the names and widths of
 * the algorithm's specification, follow one another from bit 0 and add up to the body's width, and
 * their values, put back together, are the number the body's text encodes, decoded here
 * independently with {@link BigInteger}. A body the algorithm refuses is refused by
 * {@code segments} too.
 */
class IdSegmentProperties {

	private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

	private static final String CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

	private static final List<String> UUIDV7 = List.of("unix_ts_ms:48", "ver:4", "rand_a:12", "var:2", "rand_b:62");

	private static final List<String> ULID = List.of("timestamp:48", "randomness:80");

	private static final List<String> KUUID = List.of("timestamp:48", "random_1:32", "random_2:32", "random_3:32",
			"random_4:32");

	private static final List<String> SNOWFLAKE = List.of("sign:1", "timestamp:41", "node_id:10", "sequence:12");

	/** The fields each configuration's specification names, with their widths in bits. */
	private static final Map<String, List<String>> LAYOUTS = Map.ofEntries(Map.entry("uuidv7/base32", UUIDV7),
			Map.entry("uuidv7/base36", UUIDV7), Map.entry("uuidv7/base62", UUIDV7), Map.entry("uuidv7/hex", UUIDV7),
			Map.entry("uuidv7/canonical", UUIDV7), Map.entry("ulid", ULID), Map.entry("hex-ulid", ULID),
			Map.entry("kuuid", KUUID), Map.entry("kuuid/millisecond", KUUID), Map.entry("kuuid/reverse", KUUID),
			Map.entry("kuuid/millisecond+reverse", KUUID), Map.entry("ksuid", List.of("timestamp:32", "payload:128")),
			Map.entry("couchdb-random", List.of("random:128")),
			Map.entry("couchdb-sequential", List.of("prefix:104", "counter:24")),
			Map.entry("couchdb-utc-random", List.of("timestamp:56", "random:72")),
			Map.entry("couchdb-utc-id", List.of("timestamp:56", "suffix:64")), Map.entry("snowflake/decimal", SNOWFLAKE),
			Map.entry("snowflake/base32", SNOWFLAKE), Map.entry("snowflake/base62", SNOWFLAKE),
			Map.entry("objectid", List.of("timestamp:32", "random:40", "counter:24")),
			Map.entry("random", List.of("random:128")), Map.entry("random/256", List.of("random:256")));

	/** The width of each configuration's value: 128-bit UUIDs and ULIDs, 160-bit KSUIDs, 64-bit longs... */
	private static final Map<String, Integer> WIDTHS = Map.ofEntries(Map.entry("uuidv7/base32", 128),
			Map.entry("uuidv7/base36", 128), Map.entry("uuidv7/base62", 128), Map.entry("uuidv7/hex", 128),
			Map.entry("uuidv7/canonical", 128), Map.entry("ulid", 128), Map.entry("hex-ulid", 128),
			// 8 base62 digits of time need 48 bits, then four 32-bit groups
			Map.entry("kuuid", 176), Map.entry("kuuid/millisecond", 176), Map.entry("kuuid/reverse", 176),
			Map.entry("kuuid/millisecond+reverse", 176), Map.entry("ksuid", 160), Map.entry("couchdb-random", 128),
			Map.entry("couchdb-sequential", 128), Map.entry("couchdb-utc-random", 128),
			// 56 bits of microseconds and the 8 characters of "@mycouch"
			Map.entry("couchdb-utc-id", 120), Map.entry("snowflake/decimal", 64), Map.entry("snowflake/base32", 64),
			Map.entry("snowflake/base62", 64), Map.entry("objectid", 96), Map.entry("random", 128),
			Map.entry("random/256", 256));

	@Provide
	Arbitrary<AlgorithmConfig> configs() {
		return Arbitraries.of(AlgorithmConfig.all());
	}

	@Property(tries = 3000)
	void segmentsTileTheBodyAndPutBackTogetherAreItsValue(@ForAll("configs") AlgorithmConfig config,
			@ForAll long instantSeed, @ForAll long randomSeed, @ForAll @IntRange(max = 2) int which) {
		IdAlgorithm algorithm = config.create(new SettableClock(Instant.EPOCH));
		String body = body(config, algorithm, instantSeed, randomSeed, which);

		List<IdSegment> segments = algorithm.segments(body);

		assertThat(segments).extracting(segment -> segment.name() + ":" + segment.bitLength())
			.containsExactlyElementsOf(LAYOUTS.get(config.label));
		int offset = 0;
		BigInteger value = BigInteger.ZERO;
		for (IdSegment segment : segments) {
			assertThat(segment.bitOffset()).isEqualTo(offset);
			offset += segment.bitLength();
			BigInteger field = numberOf(segment);
			assertThat(field.bitLength()).as(segment.name()).isLessThanOrEqualTo(segment.bitLength());
			value = value.shiftLeft(segment.bitLength()).or(field);
		}
		assertThat(offset).isEqualTo(WIDTHS.get(config.label));
		assertThat(value).as("the segments of %s", body).isEqualTo(independentValue(config, body));
	}

	@Property(tries = 2000)
	void theTimeSegmentIsTheCreationInstant(@ForAll("configs") AlgorithmConfig config, @ForAll long instantSeed,
			@ForAll long randomSeed, @ForAll @IntRange(max = 2) int which) {
		IdAlgorithm algorithm = config.create(new SettableClock(Instant.EPOCH));
		String body = body(config, algorithm, instantSeed, randomSeed, which);
		List<IdSegment> times = algorithm.segments(body)
			.stream()
			.filter(segment -> segment.kind() == IdSegment.Kind.TIME)
			.toList();
		if (algorithm instanceof TimeOrderedIdAlgorithm timeOrdered) {
			assertThat(times).singleElement()
				.satisfies(time -> assertThat(time.instant()).isEqualTo(timeOrdered.instantOf(body)));
		}
		else {
			assertThat(times).isEmpty();
		}
	}

	/** One character of a valid body replaced: {@code segments} refuses exactly what {@code validateBody} refuses. */
	@Property(tries = 3000)
	void segmentsRefuseWhatTheAlgorithmRefuses(@ForAll("configs") AlgorithmConfig config, @ForAll long randomSeed,
			@ForAll int position, @ForAll("characters") char replacement) {
		IdAlgorithm algorithm = config.create(new SettableClock(Instant.parse("2026-01-02T03:04:05.678901Z")),
				random(randomSeed));
		char[] chars = algorithm.nextBody().toCharArray();
		chars[Math.floorMod(position, chars.length)] = replacement;
		String body = new String(chars);
		Throwable refused = catchThrowable(() -> algorithm.validateBody(body));
		if (refused == null) {
			assertThat(algorithm.segments(body)).isNotEmpty();
		}
		else {
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> algorithm.segments(body))
				.withMessage(refused.getMessage());
		}
	}

	@Provide
	Arbitrary<Character> characters() {
		return Arbitraries.oneOf(Arbitraries.of(BASE62.toCharArray()), Arbitraries.of('-', '@', '_', ' ', 'é', '\u0000'));
	}

	/** A body made at a random instant from random bits, or the lowest or highest body of that instant. */
	private static String body(AlgorithmConfig config, IdAlgorithm probe, long instantSeed, long randomSeed,
			int which) {
		if (!(probe instanceof TimeOrderedIdAlgorithm timeOrdered)) {
			return config.create(new SettableClock(Instant.EPOCH), random(randomSeed)).nextBody();
		}
		Instant instant = within(timeOrdered, instantSeed, randomSeed);
		return switch (which) {
			case 0 -> timeOrdered.lowestBody(instant);
			case 1 -> timeOrdered.highestBody(instant);
			default -> config.create(new SettableClock(instant), random(randomSeed)).nextBody();
		};
	}

	private static RandomSource random(long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		return random::nextLong;
	}

	/** Any instant within the algorithm's range, to the nanosecond, the ends included. */
	private static Instant within(TimeOrderedIdAlgorithm algorithm, long secondSeed, long nanoSeed) {
		Instant min = algorithm.minInstant();
		Instant max = algorithm.maxInstant();
		long seconds = min.getEpochSecond() + Math.floorMod(secondSeed, max.getEpochSecond() - min.getEpochSecond() + 1);
		Instant instant = Instant.ofEpochSecond(seconds, Math.floorMod(nanoSeed, 1_000_000_000L));
		return instant.isBefore(min) ? min : instant.isAfter(max) ? max : instant;
	}

	/** A segment's value as the number its bits hold, read as {@link IdSegment} says it is written. */
	private static BigInteger numberOf(IdSegment segment) {
		return switch (segment.kind()) {
			case TIME, COUNTER, NODE -> {
				assertThat(segment.value()).matches("0|[1-9][0-9]*");
				yield new BigInteger(segment.value());
			}
			case FIXED -> {
				assertThat(segment.value()).matches("[01]{" + segment.bitLength() + "}");
				yield new BigInteger(segment.value(), 2);
			}
			case RANDOM -> {
				assertThat(segment.value()).matches("[0-9a-f]{" + (segment.bitLength() + 3) / 4 + "}");
				yield new BigInteger(segment.value(), 16);
			}
			case TEXT -> new BigInteger(1, segment.value().getBytes(StandardCharsets.US_ASCII));
		};
	}

	/** The number a body's text encodes, decoded from the public description of each form. */
	private static BigInteger independentValue(AlgorithmConfig config, String body) {
		return switch (config.label) {
			case "uuidv7/base32", "snowflake/base32" -> digits(body, CROCKFORD);
			case "ulid" -> digits(body.toLowerCase(), CROCKFORD);
			case "uuidv7/base36" -> new BigInteger(body, 36);
			case "uuidv7/base62", "ksuid", "random", "random/256", "snowflake/base62" -> digits(body, BASE62);
			case "uuidv7/canonical" -> new BigInteger(body.replace("-", ""), 16);
			case "snowflake/decimal" -> new BigInteger(body);
			case "kuuid", "kuuid/millisecond", "kuuid/reverse", "kuuid/millisecond+reverse" -> {
				// each field a base62 number of its own: 8 digits of time, then four groups of 6
				BigInteger value = digits(body.substring(0, 8), BASE62);
				for (int group = 8; group < 32; group += 6) {
					value = value.shiftLeft(32).or(digits(body.substring(group, group + 6), BASE62));
				}
				yield value;
			}
			case "couchdb-utc-id" -> new BigInteger(body.substring(0, 14), 16).shiftLeft(64)
				.or(new BigInteger(1, body.substring(14).getBytes(StandardCharsets.US_ASCII)));
			default -> new BigInteger(body, 16);
		};
	}

	private static BigInteger digits(String text, String alphabet) {
		BigInteger radix = BigInteger.valueOf(alphabet.length());
		BigInteger value = BigInteger.ZERO;
		for (char c : text.toCharArray()) {
			int digit = alphabet.indexOf(c);
			assertThat(digit).as("digit %s", c).isNotNegative();
			value = value.multiply(radix).add(BigInteger.valueOf(digit));
		}
		return value;
	}

}
