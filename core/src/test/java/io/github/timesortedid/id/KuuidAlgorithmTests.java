package io.github.timesortedid.id;

import java.io.InputStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The npm {@code kuuid} package's own output (test resources) is the oracle. */
class KuuidAlgorithmTests {

	private static final String ZEROS = "0".repeat(24);

	private static final String MAX_GROUPS = "4gfFC3".repeat(4);

	private static TimeOrderedIdAlgorithm kuuid(boolean millisecond, boolean reverse) {
		return (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.KUUID,
				AlgorithmOptions.builder().kuuidMillisecond(millisecond).kuuidReverse(reverse).build());
	}

	private static JsonNode vectors() throws Exception {
		try (InputStream in = KuuidAlgorithmTests.class.getResourceAsStream("/vectors/kuuid/kuuid-1.0.3.json")) {
			return new ObjectMapper().readTree(in);
		}
	}

	@Test
	void lowerBoundIsThePrefixOfTheNpmPackagePaddedWithZeros() throws Exception {
		JsonNode prefixes = vectors().get("prefixes");
		assertThat(prefixes.size()).isGreaterThan(10);
		for (JsonNode vector : prefixes) {
			Instant instant = Instant.parse(vector.get("instant").asString());
			assertThat(kuuid(false, false).lowestBody(instant)).isEqualTo(vector.get("prefix").asString() + ZEROS);
			assertThat(kuuid(true, false).lowestBody(instant)).isEqualTo(vector.get("prefixms").asString() + ZEROS);
			assertThat(kuuid(false, true).lowestBody(instant)).isEqualTo(vector.get("prefixReverse").asString() + ZEROS);
			assertThat(kuuid(true, true).lowestBody(instant)).isEqualTo(vector.get("prefixReverseMs").asString() + ZEROS);
			assertThat(kuuid(true, true).highestBody(instant))
				.isEqualTo(vector.get("prefixReverseMs").asString() + MAX_GROUPS);
		}
	}

	@Test
	void theIssueExample() {
		assertThat(kuuid(false, false).lowestBody(Instant.parse("2018-01-01T00:00:00Z"))).startsWith("001eVnWK");
	}

	@Test
	void decodesIdsMadeByTheNpmPackage() throws Exception {
		for (JsonNode vector : vectors().get("ids")) {
			Instant instant = Instant.parse(vector.get("instant").asString());
			assertThat(kuuid(false, false).instantOf(vector.get("id").asString()))
				.isEqualTo(instant.truncatedTo(ChronoUnit.SECONDS));
			assertThat(kuuid(true, false).instantOf(vector.get("idms").asString())).isEqualTo(instant);
			assertThat(kuuid(false, true).instantOf(vector.get("idr").asString()))
				.isEqualTo(instant.truncatedTo(ChronoUnit.SECONDS));
			assertThat(kuuid(true, true).instantOf(vector.get("idmsr").asString())).isEqualTo(instant);
		}
	}

	@Test
	void layoutIsEightTimeCharactersAndFourZeroPaddedGroupsOf32Bits() {
		SettableClock clock = new SettableClock(Instant.parse("2018-01-01T00:00:00Z"));
		IdAlgorithm kuuid = IdAlgorithms.create(IdAlgorithms.KUUID,
				AlgorithmOptions.builder().clock(clock).randomSource(new ConstantRandomSource(0x0000_0001_FFFF_FFFFL)).build());
		// the first draw takes the random bits as they are: groups 1, 0xFFFFFFFF, 1, 0xFFFFFFFF
		assertThat(kuuid.nextBody()).isEqualTo("001eVnWK" + "000001" + "4gfFC3" + "000001" + "4gfFC3");
	}

	@Test
	void rejectsGroupsAbove32Bits() {
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> kuuid(false, false).validateBody("001eVnWK" + "zzzzzz" + ZEROS.substring(6)))
			.withMessageContaining("random group at index 8 of a kuuid body exceeds 32 bits");
	}

}
