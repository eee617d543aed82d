package io.github.timesortedid.id;

import java.util.Arrays;
import java.time.Instant;

import com.github.f4b6a3.ksuid.Ksuid;
import com.github.f4b6a3.ksuid.KsuidCreator;
import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class KsuidAlgorithmTests {

	private static final Instant INSTANT = Instant.parse("2026-11-22T03:04:05Z");

	@Test
	void ksuidCreatorParsesOurBodiesToTheSameInstantAndPayload() {
		SettableClock clock = new SettableClock(INSTANT);
		TimeOrderedIdAlgorithm ksuid = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.KSUID,
				AlgorithmOptions.builder().clock(clock).build());
		byte[] previousPayload = null;
		for (int i = 0; i < 1000; i++) {
			String body = ksuid.nextBody();
			Ksuid theirs = Ksuid.from(body);
			assertThat(Ksuid.isValid(body)).isTrue();
			assertThat(theirs.getInstant()).isEqualTo(INSTANT);
			assertThat(theirs.toString()).isEqualTo(body);
			if (previousPayload != null) {
				// within one second, the payload is the monotonic part
				assertThat(Arrays.compareUnsigned(theirs.getPayload(), previousPayload)).isPositive();
			}
			previousPayload = theirs.getPayload();
		}
	}

	@Test
	void decodesSegmentsReadmeExampleAndKsuidCreatorValues() {
		TimeOrderedIdAlgorithm ksuid = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.KSUID,
				AlgorithmOptions.defaults());
		// github.com/segmentio/ksuid README: timestamp 107608047, 2017-10-09 21:00:47 -0700
		assertThat(ksuid.instantOf("0ujtsYcgvSTl8PAuAdqWYSMnLOv")).isEqualTo(Instant.parse("2017-10-10T04:00:47Z"));
		for (int i = 0; i < 100; i++) {
			Ksuid theirs = KsuidCreator.getKsuid();
			assertThat(ksuid.instantOf(theirs.toString())).isEqualTo(theirs.getInstant());
		}
		assertThat(ksuid.lowestBody(Instant.parse("2014-05-13T16:53:20Z"))).isEqualTo("000000000000000000000000000");
		assertThat(ksuid.highestBody(Instant.parse("2150-06-19T23:21:35Z"))).isEqualTo("aWgEPTl1tmebfsQzFP4bxwgy80V");
	}

	@Test
	void rejectsValuesAbove160Bits() {
		IdAlgorithm ksuid = IdAlgorithms.create(IdAlgorithms.KSUID, AlgorithmOptions.defaults());
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> ksuid.validateBody("aWgEPTl1tmebfsQzFP4bxwgy80W"))
			.withMessageContaining("exceeds 160 bits");
	}

}
