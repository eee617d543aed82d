package io.github.timesortedid.id;

import java.math.BigInteger;
import java.time.Instant;
import java.util.UUID;

import com.github.f4b6a3.uuid.UuidCreator;
import com.github.f4b6a3.uuid.util.UuidUtil;
import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class UuidV7AlgorithmTests {

	private static final Instant INSTANT = Instant.parse("2026-11-22T03:04:05.678Z");

	private final SettableClock clock = new SettableClock(INSTANT);

	private UuidIdAlgorithm algorithm(Uuidv7Encoding encoding) {
		return (UuidIdAlgorithm) IdAlgorithms.create(IdAlgorithms.UUIDV7,
				AlgorithmOptions.builder().clock(this.clock).uuidv7Encoding(encoding).build());
	}

	@Test
	void valuesAreRfc9562Version7WithTheClockInstantPerUuidCreator() {
		UuidIdAlgorithm algorithm = algorithm(Uuidv7Encoding.BASE32);
		for (int i = 0; i < 1000; i++) {
			UUID uuid = algorithm.nextUuid();
			assertThat(uuid.version()).isEqualTo(7);
			assertThat(uuid.variant()).isEqualTo(2);
			assertThat(UuidUtil.isTimeOrderedEpoch(uuid)).isTrue();
			assertThat(UuidUtil.getInstant(uuid)).isEqualTo(INSTANT);
			assertThat(algorithm.instantOf(uuid)).isEqualTo(INSTANT);
		}
	}

	@Test
	void uuidCreatorValuesDecodeToTheirInstant() {
		UuidIdAlgorithm algorithm = algorithm(Uuidv7Encoding.CANONICAL);
		for (int i = 0; i < 100; i++) {
			UUID theirs = UuidCreator.getTimeOrderedEpoch();
			String body = theirs.toString();
			assertThat(algorithm.decode(body)).isEqualTo(theirs);
			assertThat(algorithm.instantOf(body)).isEqualTo(UuidUtil.getInstant(theirs));
		}
	}

	@ParameterizedTest
	@EnumSource(Uuidv7Encoding.class)
	void everyEncodingIsFixedWidthAndRoundTrips(Uuidv7Encoding encoding) {
		UuidIdAlgorithm algorithm = algorithm(encoding);
		for (int i = 0; i < 1000; i++) {
			UUID uuid = algorithm.nextUuid();
			String body = algorithm.encode(uuid);
			assertThat(body).hasSize(encoding.length());
			assertThat(algorithm.decode(body)).isEqualTo(uuid);
			assertThat(algorithm.instantOf(body)).isEqualTo(INSTANT);
		}
	}

	@Test
	void encodingsAgreeWithBigIntegerAndUuidToString() {
		UUID uuid = UUID.fromString("01890a5d-ac96-774b-bcce-b302099a8057");
		BigInteger value = new BigInteger(uuid.toString().replace("-", ""), 16);
		assertThat(algorithm(Uuidv7Encoding.CANONICAL).encode(uuid)).isEqualTo(uuid.toString());
		assertThat(algorithm(Uuidv7Encoding.HEX).encode(uuid)).isEqualTo(uuid.toString().replace("-", ""));
		assertThat(algorithm(Uuidv7Encoding.BASE36).encode(uuid)).isEqualTo(pad(value.toString(36), 25));
		assertThat(algorithm(Uuidv7Encoding.BASE32).encode(uuid)).isEqualTo("01h455vb4pex5vsknk084sn02q");
		assertThat(algorithm(Uuidv7Encoding.BASE62).encode(uuid)).isEqualTo(base62(value, 22));
	}

	@Test
	void boundsAreTheSmallestAndLargestVersion7ValuesOfTheMillisecond() {
		UuidIdAlgorithm algorithm = algorithm(Uuidv7Encoding.HEX);
		UUID lowest = algorithm.lowestUuid(INSTANT);
		UUID highest = algorithm.highestUuid(INSTANT);
		assertThat(lowest).isEqualTo(UUID.fromString("01a20135-ff2e-7000-8000-000000000000"));
		assertThat(highest).isEqualTo(UUID.fromString("01a20135-ff2e-7fff-bfff-ffffffffffff"));
		assertThat(UuidUtil.getInstant(lowest)).isEqualTo(INSTANT);
		UUID made = algorithm.nextUuid();
		assertThat(algorithm.encode(made)).isBetween(algorithm.lowestBody(INSTANT), algorithm.highestBody(INSTANT));
	}

	@Test
	void rejectsValuesOfAnotherVersionOrVariant() {
		UuidIdAlgorithm algorithm = algorithm(Uuidv7Encoding.CANONICAL);
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> algorithm.validate(UUID.randomUUID()))
			.withMessageContaining("not a UUIDv7: version is 4, expected 7");
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> algorithm.decode("01890a5d-ac96-774b-4cce-b302099a8057"))
			.withMessageContaining("variant bits are 1, expected 10");
	}

	static String pad(String digits, int width) {
		return "0".repeat(width - digits.length()) + digits;
	}

	static String base62(BigInteger value, int width) {
		String alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
		StringBuilder digits = new StringBuilder();
		BigInteger sixtyTwo = BigInteger.valueOf(62);
		while (value.signum() > 0) {
			BigInteger[] division = value.divideAndRemainder(sixtyTwo);
			digits.append(alphabet.charAt(division[1].intValue()));
			value = division[0];
		}
		return pad(digits.reverse().toString(), width);
	}

}
