package io.github.timesortedid.id;

import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Clock faults, one generator through all of them in turn: a step back of 10 s, a jump forward of
 * 1 h, a leap-second-style repeat of one second, and a frozen clock for 1,000,000 IDs. Every ID
 * must sort strictly after the one before (before, for {@code kuuid} reverse), which also rules out
 * duplicates. {@code snowflake} may hold only 4096 IDs per millisecond, so on the frozen clock it
 * must end in a clear error after its bounded wait and carry on once the clock moves. Backward
 * steps beyond one second are logged once per generator; smaller ones are not logged at all.
 */
class ClockFaultTests {

	private static final Instant START = Instant.parse("2026-12-31T23:59:50.123456Z");

	private static final int FROZEN_IDS = 1_000_000;

	@RegisterExtension
	final TimeFieldWarnings warnings = new TimeFieldWarnings();

	static Stream<AlgorithmConfig> timeOrdered() {
		return AlgorithmConfig.timeOrdered().stream();
	}

	@ParameterizedTest
	@MethodSource("timeOrdered")
	void survivesAStepBackAJumpForwardALeapSecondAndAFrozenClock(AlgorithmConfig config) {
		SettableClock clock = new SettableClock(START);
		Sequence ids = new Sequence(config, clock);

		ids.take(5_000, clock, Duration.ofMillis(1));
		clock.advance(Duration.ofSeconds(-10));
		ids.take(5_000, clock, Duration.ofMillis(1));

		clock.advance(Duration.ofHours(1));
		ids.take(5_000, clock, Duration.ofMillis(1));
		Instant afterJump = ids.lastInstant();
		assertThat(afterJump).as("IDs follow the clock forward").isAfter(START.plus(Duration.ofMinutes(59)));

		// a leap second the way many kernels apply it: the last second of the day is played twice
		Instant leapSecond = afterJump.plusSeconds(2).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
		for (int repeat = 0; repeat < 2; repeat++) {
			clock.set(leapSecond);
			ids.take(5_000, clock, Duration.ofNanos(200_000));
		}

		clock.advance(Duration.ofSeconds(1));
		if (config.name.equals("snowflake")) {
			ids.take(4096, clock, Duration.ZERO);
			assertThatExceptionOfType(IdGenerationException.class).isThrownBy(ids::next)
				.withMessageContaining("4096 IDs were handed out for")
				.withMessageContaining("has not moved past it within");
			clock.advance(Duration.ofMillis(1));
			ids.take(4096, clock, Duration.ZERO);
		}
		else {
			ids.take(FROZEN_IDS, clock, Duration.ZERO);
		}
		assertThat(this.warnings.records()).as("one warning for the 10 s step back").hasSize(1);
		assertThat(this.warnings.records().get(0).getMessage()).contains("The clock stepped back").contains(config.name);
	}

	@ParameterizedTest
	@MethodSource("timeOrdered")
	void aStepBackBeyondTheThresholdWarnsOncePerGenerator(AlgorithmConfig config) {
		SettableClock clock = new SettableClock(START);
		Sequence first = new Sequence(config, clock);
		Sequence second = new Sequence(config, clock);
		first.take(10, clock, Duration.ZERO);
		second.take(10, clock, Duration.ZERO);
		for (int step = 0; step < 3; step++) {
			clock.advance(Duration.ofSeconds(-5));
			first.take(10, clock, Duration.ZERO);
		}
		assertThat(this.warnings.records()).hasSize(1);
		second.take(10, clock, Duration.ZERO);
		assertThat(this.warnings.records()).as("each generator warns once").hasSize(2);
		assertThat(this.warnings.records().get(1).getMessage()).contains(config.name).contains("Warned once per generator");
	}

	@ParameterizedTest
	@MethodSource("timeOrdered")
	void smallStepsBackAreNotWorthAWarning(AlgorithmConfig config) {
		SettableClock clock = new SettableClock(START);
		Sequence ids = new Sequence(config, clock);
		for (int step = 0; step < 20; step++) {
			ids.take(10, clock, Duration.ZERO);
			clock.advance(Duration.ofMillis(-900));
			ids.take(10, clock, Duration.ZERO);
			clock.advance(Duration.ofMillis(900));
		}
		assertThat(this.warnings.records()).isEmpty();
	}

	/** One generator and its last body, checking every new body against the one before. */
	private static final class Sequence {

		private final TimeOrderedIdAlgorithm algorithm;

		private String last;

		Sequence(AlgorithmConfig config, SettableClock clock) {
			this.algorithm = (TimeOrderedIdAlgorithm) config.create(clock);
		}

		String next() {
			String body = this.algorithm.nextBody();
			if (this.last != null) {
				int order = body.compareTo(this.last);
				if (this.algorithm.isDescending() ? order >= 0 : order <= 0) {
					throw new AssertionError(this.algorithm + ": " + this.last + " then " + body);
				}
			}
			this.last = body;
			return body;
		}

		void take(int count, SettableClock clock, Duration tick) {
			for (int i = 0; i < count; i++) {
				next();
				if (!tick.isZero()) {
					clock.advance(tick);
				}
			}
		}

		Instant lastInstant() {
			return this.algorithm.instantOf(this.last);
		}

	}

}
