package io.github.timesortedid.id;

import java.time.Instant;
import java.util.Date;

import io.github.timesortedid.testsupport.SettableClock;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code org.mongodb:bson} is the oracle for {@code objectid}. */
class ObjectIdAlgorithmTests {

	private static final Instant INSTANT = Instant.parse("2026-11-22T03:04:05Z");

	@Test
	void bsonParsesOurBodiesWithTheSameTimestamp() {
		TimeOrderedIdAlgorithm objectId = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.OBJECTID,
				AlgorithmOptions.builder().clock(new SettableClock(INSTANT)).build());
		String first = objectId.nextBody();
		for (int i = 0; i < 1000; i++) {
			String body = objectId.nextBody();
			ObjectId theirs = new ObjectId(body);
			assertThat(ObjectId.isValid(body)).isTrue();
			assertThat(theirs.toHexString()).isEqualTo(body);
			assertThat(theirs.getTimestamp()).isEqualTo((int) INSTANT.getEpochSecond());
			assertThat(theirs.getDate().toInstant()).isEqualTo(INSTANT);
			// the 5-byte random value is drawn once per generator
			assertThat(body.substring(8, 18)).isEqualTo(first.substring(8, 18));
		}
	}

	@Test
	void weDecodeBsonObjectIdsAndOurLowerBoundIsTheirSmallestWithDate() {
		TimeOrderedIdAlgorithm objectId = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.OBJECTID,
				AlgorithmOptions.defaults());
		for (int i = 0; i < 100; i++) {
			ObjectId theirs = new ObjectId();
			assertThat(objectId.instantOf(theirs.toHexString())).isEqualTo(theirs.getDate().toInstant());
		}
		assertThat(objectId.lowestBody(INSTANT))
			.isEqualTo(ObjectId.getSmallestWithDate(Date.from(INSTANT)).toHexString());
		assertThat(objectId.highestBody(INSTANT)).isEqualTo(Long.toHexString(INSTANT.getEpochSecond()) + "f".repeat(16));
	}

	@Test
	void counterRunsOnFromARandomStartAndMovesToTheNextSecondInsteadOfWrapping() {
		SettableClock clock = new SettableClock(INSTANT);
		// every random draw is 0x...FFFFFF: the counter starts at its maximum
		TimeOrderedIdAlgorithm objectId = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.OBJECTID,
				AlgorithmOptions.builder().clock(clock).randomSource(new ConstantRandomSource(0xFFFFFFL)).build());
		String first = objectId.nextBody();
		String second = objectId.nextBody();
		assertThat(first).endsWith("ffffff");
		assertThat(objectId.instantOf(first)).isEqualTo(INSTANT);
		assertThat(second).endsWith("000000").isGreaterThan(first);
		assertThat(objectId.instantOf(second)).isEqualTo(INSTANT.plusSeconds(1));
	}

}
