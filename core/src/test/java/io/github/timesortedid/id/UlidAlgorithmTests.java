package io.github.timesortedid.id;

import java.time.Instant;
import java.util.UUID;

import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.ulid.UlidCreator;
import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class UlidAlgorithmTests {

	private static final Instant INSTANT = Instant.parse("2026-11-22T03:04:05.678Z");

	private final SettableClock clock = new SettableClock(INSTANT);

	private final UuidIdAlgorithm ulid = (UuidIdAlgorithm) IdAlgorithms.create(IdAlgorithms.ULID,
			AlgorithmOptions.builder().clock(this.clock).build());

	@Test
	void ulidCreatorParsesOurBodiesToTheSameInstantAndBits() {
		for (int i = 0; i < 1000; i++) {
			UUID value = this.ulid.nextUuid();
			String body = this.ulid.encode(value);
			Ulid parsed = Ulid.from(body);
			assertThat(Ulid.isValid(body)).isTrue();
			assertThat(parsed.getInstant()).isEqualTo(INSTANT);
			assertThat(parsed.toUuid()).isEqualTo(value);
			assertThat(parsed.toString()).isEqualTo(body);
		}
	}

	@Test
	void weDecodeUlidCreatorValues() {
		for (int i = 0; i < 100; i++) {
			Ulid theirs = UlidCreator.getMonotonicUlid();
			assertThat(this.ulid.decode(theirs.toString())).isEqualTo(theirs.toUuid());
			assertThat(this.ulid.instantOf(theirs.toString())).isEqualTo(theirs.getInstant());
		}
	}

	@Test
	void boundsEqualUlidCreatorMinAndMax() {
		long millis = INSTANT.toEpochMilli();
		assertThat(this.ulid.lowestBody(INSTANT)).isEqualTo(Ulid.min(millis).toString());
		assertThat(this.ulid.highestBody(INSTANT)).isEqualTo(Ulid.max(millis).toString());
	}

	@Test
	void rejectsLowercaseAndOverflow() {
		String body = this.ulid.nextBody();
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> this.ulid.validateBody(body.toLowerCase()))
			.withMessageContaining("is not allowed in a ulid body");
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> this.ulid.validateBody("8ZZZZZZZZZZZZZZZZZZZZZZZZZ"))
			.withMessageContaining("exceeds 128 bits");
	}

}
