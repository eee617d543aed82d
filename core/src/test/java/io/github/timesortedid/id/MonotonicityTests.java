package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guarantees of DESIGN.md, per generator: across 4 threads x 250,000 IDs no duplicate, and for
 * every time-ordered algorithm each thread sees a strictly increasing sequence (strictly
 * decreasing for {@code kuuid} {@code reverse}); also when every ID falls in one tick of the clock,
 * when the clock steps back 10 s mid-run, and when the random part starts at its maximum.
 */
class MonotonicityTests {

	private static final int THREADS = 4;

	private static final int PER_THREAD = 250_000;

	private static final Instant START = Instant.parse("2026-11-22T03:04:05.678901Z");

	static Stream<AlgorithmConfig> all() {
		return AlgorithmConfig.all().stream();
	}

	static Stream<AlgorithmConfig> timeOrdered() {
		return AlgorithmConfig.timeOrdered().stream();
	}

	static Stream<AlgorithmConfig> timeRandom() {
		return timeOrdered().filter(c -> !List.of("snowflake", "objectid", "couchdb-utc-id").contains(c.name));
	}

	@ParameterizedTest
	@MethodSource("all")
	void noDuplicatesAndStrictOrderAcrossFourThreadsOnTheSystemClock(AlgorithmConfig config) throws Exception {
		IdAlgorithm algorithm = config.create(Clock.systemUTC());
		assertGuarantees(algorithm, run(algorithm, PER_THREAD, (thread, i) -> {
		}));
	}

	@ParameterizedTest
	@MethodSource("timeOrdered")
	void strictOrderWithinOneTickOfAFrozenClock(AlgorithmConfig config) throws Exception {
		SettableClock frozen = new SettableClock(START);
		IdAlgorithm algorithm = config.create(frozen);
		// snowflake holds 4096 IDs per millisecond by design; it is not allowed to run ahead of a frozen clock
		int perThread = config.name.equals("snowflake") ? 4096 / THREADS : PER_THREAD;
		List<String[]> ids = run(algorithm, perThread, (thread, i) -> {
		});
		assertGuarantees(algorithm, ids);
		if (!config.name.equals("couchdb-utc-id") && !config.name.equals("objectid")) {
			// everything carries the one frozen tick: the order came from the counter, not the clock
			TimeOrderedIdAlgorithm timeOrdered = (TimeOrderedIdAlgorithm) algorithm;
			Instant tick = START.truncatedTo(timeOrdered.precision());
			ids.forEach(list -> assertThat(timeOrdered.instantOf(list[list.length - 1])).isEqualTo(tick));
		}
	}

	@ParameterizedTest
	@MethodSource("timeOrdered")
	void aClockSteppingBack10SecondsMidRunCausesNoDuplicateAndNoDecrease(AlgorithmConfig config) throws Exception {
		SettableClock clock = new SettableClock(START);
		IdAlgorithm algorithm = config.create(clock);
		AtomicInteger made = new AtomicInteger();
		int total = THREADS * PER_THREAD;
		assertGuarantees(algorithm, run(algorithm, PER_THREAD, (thread, i) -> {
			int count = made.incrementAndGet();
			if (count % 1000 == 0) {
				clock.advance(Duration.ofMillis(1));
			}
			if (count == total / 2) {
				clock.advance(Duration.ofSeconds(-10));
			}
		}));
	}

	@ParameterizedTest
	@MethodSource("timeRandom")
	void aRandomPartStartingAtItsMaximumMovesTheTimestampOnInsteadOfWrapping(AlgorithmConfig config) {
		SettableClock clock = new SettableClock(START);
		TimeOrderedIdAlgorithm algorithm = (TimeOrderedIdAlgorithm) config.create(clock, new ConstantRandomSource(-1L));
		Set<String> seen = new HashSet<>();
		String previous = null;
		for (int i = 0; i < 10_000; i++) {
			String body = algorithm.nextBody();
			assertThat(seen.add(body)).isTrue();
			if (previous != null) {
				assertThat(algorithm.isDescending() ? previous.compareTo(body) : body.compareTo(previous)).isPositive();
			}
			previous = body;
		}
		// each ID overflowed the random part, so the timestamp has run ahead of the frozen clock
		Instant last = algorithm.instantOf(previous);
		assertThat(last).isAfter(START.truncatedTo(algorithm.precision()));
		assertThat(last).isEqualTo(START.truncatedTo(algorithm.precision()).plus(9_999, algorithm.precision()));
	}

	private interface Step {

		void after(int thread, int index);

	}

	private static List<String[]> run(IdAlgorithm algorithm, int perThread, Step step) throws Exception {
		return Concurrently.run(THREADS, (thread) -> () -> {
			String[] ids = new String[perThread];
			for (int i = 0; i < perThread; i++) {
				ids[i] = algorithm.nextBody();
				step.after(thread, i);
			}
			return ids;
		});
	}

	private static void assertGuarantees(IdAlgorithm algorithm, List<String[]> perThread) {
		Set<String> all = new HashSet<>();
		int total = 0;
		for (String[] ids : perThread) {
			total += ids.length;
			all.addAll(Arrays.asList(ids));
			assertThat(Arrays.stream(ids).allMatch(id -> id.length() == algorithm.bodyLength())).isTrue();
			if (algorithm instanceof TimeOrderedIdAlgorithm) {
				boolean descending = ((TimeOrderedIdAlgorithm) algorithm).isDescending();
				for (int i = 1; i < ids.length; i++) {
					int order = ids[i].compareTo(ids[i - 1]);
					if (descending ? order >= 0 : order <= 0) {
						throw new AssertionError(algorithm + ": " + ids[i - 1] + " then " + ids[i] + " at index " + i);
					}
				}
			}
		}
		assertThat(all).as("distinct IDs of " + algorithm).hasSize(total);
	}

}
