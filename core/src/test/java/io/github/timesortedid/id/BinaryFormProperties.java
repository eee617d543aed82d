package io.github.timesortedid.id;

import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;

import com.github.f4b6a3.ksuid.Ksuid;
import com.github.f4b6a3.ulid.Ulid;
import io.github.timesortedid.testsupport.SettableClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The binary form of every algorithm that has one, over IDs made at random instants across the
 * algorithm's range: stored bytes turn back into the same ID, their unsigned byte order (what
 * {@code uuid}, {@code bytea} and {@code binary(N)} columns compare) is the IDs' string order, and
 * they are the bytes independent implementations give (ulid-creator, ksuid-creator, the MongoDB
 * driver's ObjectId, {@code java.util.UUID}).
 */
class BinaryFormProperties {

	private static final Map<String, Integer> WIDTHS = Map.ofEntries(Map.entry("uuidv7", 16), Map.entry("ulid", 16),
			Map.entry("hex-ulid", 16), Map.entry("couchdb-random", 16), Map.entry("couchdb-sequential", 16),
			Map.entry("couchdb-utc-random", 16), Map.entry("ksuid", 20), Map.entry("objectid", 12),
			Map.entry("kuuid", 24));

	@Provide
	Arbitrary<AlgorithmConfig> binary() {
		return Arbitraries.of(AlgorithmConfig.all()
			.stream()
			.filter(config -> config.create(new SettableClock(Instant.EPOCH)).binaryBody() != null)
			.toList());
	}

	private static IdFormat format(AlgorithmConfig config, long seed) {
		// 2015 to 2099: within the range of every algorithm (ksuid starts in 2014, objectid ends in 2106)
		long from = Instant.parse("2015-01-01T00:00:00Z").toEpochMilli();
		long to = Instant.parse("2099-12-31T23:59:59Z").toEpochMilli();
		SettableClock clock = new SettableClock(Instant.ofEpochMilli(from + Math.floorMod(seed, to - from)));
		return IdFormat.of("post", "_", config.create(clock));
	}

	@Property(tries = 2000)
	void storedBytesTurnBackIntoTheSameId(@ForAll("binary") AlgorithmConfig config, @ForAll long seed) {
		BinaryIdFormat binary = format(config, seed).binary();
		String id = binary.format().next();
		byte[] stored = binary.toBytes(id);
		assertThat(stored).hasSize(binary.length());
		assertThat(binary.fromBytes(stored)).isEqualTo(id);
		if (binary.fitsUuid()) {
			assertThat(binary.fromUuid(binary.toUuid(id))).isEqualTo(id);
		}
	}

	@Property(tries = 2000)
	void byteOrderIsStringOrder(@ForAll("binary") AlgorithmConfig config, @ForAll long first, @ForAll long second) {
		String a = format(config, first).next();
		BinaryIdFormat binary = format(config, second).binary();
		String b = binary.format().next();
		assertThat(Integer.signum(Arrays.compareUnsigned(binary.toBytes(a), binary.toBytes(b))))
			.isEqualTo(Integer.signum(a.compareTo(b)));
	}

	@Property(tries = 500)
	void widthsAreTheAlgorithmsValueWidths(@ForAll("binary") AlgorithmConfig config) {
		IdAlgorithm algorithm = config.create(new SettableClock(Instant.EPOCH));
		int expected = algorithm.name().equals("random") ? ((RandomTokenAlgorithm) algorithm).valueBits() / 8
				: WIDTHS.get(algorithm.name());
		assertThat(algorithm.binaryBody().length()).as(config.label).isEqualTo(expected);
	}

	@Property(tries = 500)
	void uuidv7AndUlidBytesAreTheirUuidsInEveryEncoding(@ForAll("binary") AlgorithmConfig config, @ForAll long seed) {
		IdFormat format = format(config, seed);
		String id = format.next();
		String body = format.body(id);
		byte[] stored = format.binary().toBytes(id);
		byte[] expected = switch (format.algorithm().name()) {
			case "uuidv7", "ulid", "hex-ulid" -> uuidBytes(((UuidIdAlgorithm) format.algorithm()).decode(body));
			case "ksuid" -> Ksuid.from(body).toBytes();
			case "objectid" -> new ObjectId(body).toByteArray();
			case "couchdb-random", "couchdb-sequential", "couchdb-utc-random" -> uuidBytes(UUID.fromString(
					body.replaceFirst("(.{8})(.{4})(.{4})(.{4})(.{12})", "$1-$2-$3-$4-$5")));
			default -> stored;
		};
		assertThat(stored).as(config.label + " " + id).isEqualTo(expected);
	}

	@Property(tries = 500)
	void ulidBytesMatchUlidCreator(@ForAll long seed) {
		IdFormat format = format(AlgorithmConfig.all().stream().filter(c -> c.label.equals("ulid")).findFirst().get(), seed);
		String id = format.next();
		assertThat(format.binary().toBytes(id)).isEqualTo(Ulid.from(format.body(id)).toBytes());
	}

	@Property(tries = 200)
	void randomTokensTakeTheirConfiguredBits(@ForAll @IntRange(min = 128, max = 256) int bits) {
		IdAlgorithm random = IdAlgorithms.create("random", AlgorithmOptions.builder().randomBits(bits).build());
		BinaryIdFormat binary = IdFormat.of("tok", "_", random).binary();
		assertThat(binary.length()).isEqualTo((bits + 7) / 8);
		String id = binary.format().next();
		assertThat(binary.fromBytes(binary.toBytes(id))).isEqualTo(id);
	}

	@Test
	void algorithmsWithoutAFixedSizeBodyHaveNoBinaryForm() {
		for (AlgorithmConfig config : AlgorithmConfig.all()) {
			IdAlgorithm algorithm = config.create(new SettableClock(Instant.EPOCH));
			boolean expected = !algorithm.name().equals("snowflake") && !algorithm.name().equals("couchdb-utc-id");
			assertThat(algorithm.binaryBody() != null).as(config.label).isEqualTo(expected);
		}
	}

	@Test
	void aStoredValueOfAnotherLengthOrBeyondTheDigitsIsRefused() {
		BinaryIdFormat kuuid = IdFormat.of("k", "_", IdAlgorithms.create("kuuid", AlgorithmOptions.defaults())).binary();
		byte[] tooLarge = new byte[24];
		Arrays.fill(tooLarge, (byte) 0xFF);
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> kuuid.fromBytes(tooLarge))
			.withMessageContaining("exceeds");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> kuuid.fromBytes(new byte[16]))
			.withMessageContaining("24 bytes, not 16");
	}

	@Test
	void toBytesChecksTheIdFirst() {
		BinaryIdFormat binary = IdFormat.of("post", "_", IdAlgorithms.create("uuidv7", AlgorithmOptions.defaults())).binary();
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> binary.toBytes("user_01h455vb4pex5vsknk084sn02q"))
			.withMessageContaining("post_");
	}

	private static byte[] uuidBytes(UUID uuid) {
		byte[] bytes = new byte[16];
		for (int i = 0; i < 8; i++) {
			bytes[i] = (byte) (uuid.getMostSignificantBits() >>> (56 - 8 * i));
			bytes[8 + i] = (byte) (uuid.getLeastSignificantBits() >>> (56 - 8 * i));
		}
		return bytes;
	}

}
