package io.github.timesortedid.id;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The examples CouchDB's documentation prints (seed 001) are the oracle. */
class CouchDbAlgorithmsTests {

	private static final List<String> RANDOM_EXAMPLES = List.of("5fcbbf2cb171b1d5c3bc6df3d4affb32",
			"9115e0942372a87a977f1caf30b2ac29", "3840b51b0b81b46cab99384d5cd106e3");

	private static final List<String> SEQUENTIAL_EXAMPLES = List.of("4e17c12963f4bee0e6ec90da54804894",
			"4e17c12963f4bee0e6ec90da5480512f", "4e17c12963f4bee0e6ec90da54805c25", "4e17c12963f4bee0e6ec90da54806ba1",
			"4e17c12963f4bee0e6ec90da548072b3", "4e17c12963f4bee0e6ec90da54807609", "4e17c12963f4bee0e6ec90da54807718",
			"4e17c12963f4bee0e6ec90da54807754", "4e17c12963f4bee0e6ec90da54807e5d", "4e17c12963f4bee0e6ec90da54808d28");

	private static final List<String> UTC_RANDOM_EXAMPLES = List.of("04dd32b3af699659b6db9486a9c58c62",
			"04dd32b3af69bb1c2ac7ebfee0a50d88", "04dd32b3af69d8591b99a8e86a76e0fb");

	private static final List<String> UTC_ID_EXAMPLES = List.of("04dd32bd5eabcc@mycouch", "04dd32bd5eabee@mycouch",
			"04dd32bd5eac05@mycouch");

	@Test
	void randomAcceptsTheDocumentedExamplesAndMakesTheSameShape() {
		IdAlgorithm random = IdAlgorithms.create(IdAlgorithms.COUCHDB_RANDOM, AlgorithmOptions.defaults());
		RANDOM_EXAMPLES.forEach(random::validateBody);
		assertThat(random.nextBody()).matches("[0-9a-f]{32}");
		assertThat(random).isNotInstanceOf(TimeOrderedIdAlgorithm.class);
	}

	@Test
	void sequentialExamplesGrowByStepsInOurRangeAndOursDoToo() {
		IdAlgorithm sequential = IdAlgorithms.create(IdAlgorithms.COUCHDB_SEQUENTIAL, AlgorithmOptions.defaults());
		assertCounterSteps(SEQUENTIAL_EXAMPLES, sequential);
		String first = sequential.nextBody();
		List<String> ours = new java.util.ArrayList<>(List.of(first));
		for (int i = 0; i < 1000; i++) {
			ours.add(sequential.nextBody());
		}
		long firstCounter = Long.parseLong(first.substring(26), 16);
		assertThat(firstCounter).isBetween(1L, 0xFFDL);
		assertCounterSteps(ours, sequential);
	}

	private static void assertCounterSteps(List<String> bodies, IdAlgorithm algorithm) {
		for (int i = 1; i < bodies.size(); i++) {
			algorithm.validateBody(bodies.get(i));
			assertThat(bodies.get(i).substring(0, 26)).isEqualTo(bodies.get(i - 1).substring(0, 26));
			long step = Long.parseLong(bodies.get(i).substring(26), 16) - Long.parseLong(bodies.get(i - 1).substring(26), 16);
			assertThat(step).isBetween(1L, 0xFFDL);
		}
	}

	@Test
	void sequentialDrawsANewPrefixOnceTheCounterReaches0xFFF000() {
		// each ID draws two prefix words, then the step; steps of 1 + 0xFFC make the counter overflow fast
		java.util.concurrent.atomic.AtomicLong draws = new java.util.concurrent.atomic.AtomicLong();
		RandomSource random = () -> {
			long draw = draws.getAndIncrement();
			return (draw % 3 == 2) ? 0xFFC : draw;
		};
		IdAlgorithm sequential = IdAlgorithms.create(IdAlgorithms.COUCHDB_SEQUENTIAL,
				AlgorithmOptions.builder().randomSource(random).build());
		String previous = sequential.nextBody();
		int prefixChanges = 0;
		java.util.Set<String> seen = new java.util.HashSet<>();
		for (int i = 0; i < 10_000; i++) {
			String body = sequential.nextBody();
			long counter = Long.parseLong(body.substring(26), 16);
			assertThat(counter).isLessThanOrEqualTo(0xFFFFFFL);
			if (!body.substring(0, 26).equals(previous.substring(0, 26))) {
				prefixChanges++;
				assertThat(Long.parseLong(previous.substring(26), 16)).isGreaterThanOrEqualTo(0xFFF000L);
			}
			else {
				assertThat(body).isGreaterThan(previous);
			}
			assertThat(seen.add(body)).isTrue();
			previous = body;
		}
		assertThat(prefixChanges).isEqualTo(2);
	}

	@Test
	void utcRandomDecodesTheDocumentedExamplesToMicroseconds() {
		TimeOrderedIdAlgorithm utcRandom = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.COUCHDB_UTC_RANDOM,
				AlgorithmOptions.defaults());
		for (String example : UTC_RANDOM_EXAMPLES) {
			long micros = Long.parseLong(example.substring(0, 14), 16);
			assertThat(utcRandom.instantOf(example)).isEqualTo(Instant.EPOCH.plus(micros, ChronoUnit.MICROS));
		}
		// the documentation was written in 2013
		assertThat(utcRandom.instantOf(UTC_RANDOM_EXAMPLES.get(0))).isBetween(Instant.parse("2013-01-01T00:00:00Z"),
				Instant.parse("2014-01-01T00:00:00Z"));
		SettableClock clock = new SettableClock(Instant.parse("2026-11-22T03:04:05.123456Z"));
		TimeOrderedIdAlgorithm ours = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.COUCHDB_UTC_RANDOM,
				AlgorithmOptions.builder().clock(clock).build());
		String body = ours.nextBody();
		assertThat(body).matches("[0-9a-f]{32}").startsWith(String.format("%014x", 1795316645123456L));
		assertThat(ours.instantOf(body)).isEqualTo(clock.instant());
	}

	@Test
	void utcIdAppendsTheSuffixAndTakesTheNextMicrosecondWhenTheClockStandsStill() {
		SettableClock clock = new SettableClock(Instant.parse("2026-11-22T03:04:05.123456Z"));
		TimeOrderedIdAlgorithm utcId = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.COUCHDB_UTC_ID,
				AlgorithmOptions.builder().clock(clock).couchdbUtcIdSuffix("@mycouch").build());
		UTC_ID_EXAMPLES.forEach(utcId::validateBody);
		assertThat(utcId.instantOf(UTC_ID_EXAMPLES.get(0)))
			.isEqualTo(Instant.EPOCH.plus(0x04dd32bd5eabccL, ChronoUnit.MICROS));
		assertThat(utcId.nextBody()).isEqualTo("0660d4bae45580@mycouch");
		assertThat(utcId.nextBody()).isEqualTo("0660d4bae45581@mycouch");
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> utcId.validateBody("04dd32bd5eabcc@yourcou"))
			.withMessageContaining("ends with the suffix '@mycouch'");
	}

	@Test
	void utcIdRefusesToStartWithoutASuffix() {
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> IdAlgorithms.create(IdAlgorithms.COUCHDB_UTC_ID, AlgorithmOptions.defaults()))
			.satisfies(ex -> assertThat(ex.getProperty()).isEqualTo("time-sorted-id.couchdb-utc-id.suffix"))
			.withMessageContaining("needs a suffix");
	}

}
