package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

import io.github.timesortedid.testsupport.SettableClock;
import io.github.timesortedid.testsupport.SteppingClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The count of clock steps back ({@code time.sorted.id.clock.steps.back}) and the warning are one
 * per step back of the clock, however many threads see the step and in whatever order they report
 * it: a thread held between reading the clock and reporting the reading (preempted) reports a
 * reading older than one already reported. A generator running ahead of a clock that did not step
 * back ({@code couchdb-utc-id} makes one ID per microsecond) is no step back at all.
 */
class ClockStepCountTests {

	private static final Instant START = Instant.parse("2026-11-22T10:00:00.123456Z");

	@RegisterExtension
	final TimeFieldWarnings warnings = new TimeFieldWarnings();

	static Stream<AlgorithmConfig> timeOrdered() {
		return AlgorithmConfig.timeOrdered().stream();
	}

	@ParameterizedTest
	@MethodSource("timeOrdered")
	void aThreadHeldBetweenReadingTheClockAndReportingItDoesNotCountTheStepAgain(AlgorithmConfig config) throws Exception {
		SettableClock clock = new SettableClock(START);
		HoldingClock holding = new HoldingClock(clock);
		TimeOrderedIdAlgorithm algorithm = (TimeOrderedIdAlgorithm) config.create(holding);
		for (int i = 0; i < 10; i++) {
			algorithm.nextBody();
		}
		clock.advance(Duration.ofSeconds(-10));
		// one thread reads the clock after the step and is held before it reports; meanwhile the clock
		// moves on and another thread reads a later time and reports it
		Thread held = holding.startHeld(algorithm::nextBody);
		holding.awaitHeld();
		clock.advance(Duration.ofSeconds(1));
		algorithm.nextBody();
		holding.resume();
		held.join(TimeUnit.SECONDS.toMillis(10));
		assertThat(held.isAlive()).isFalse();
		assertThat(algorithm.clockStepsBack()).as("one step back, reported late by the held thread").isEqualTo(1);
		assertThat(this.warnings.records()).hasSize(1);
	}

	@ParameterizedTest
	@ValueSource(strings = { "couchdb-utc-id", "snowflake" })
	void eightThreadsThatSeeOneStepBackCountItOnceAndWarnOnce(String name) throws Exception {
		AlgorithmConfig config = timeOrdered().filter(c -> c.name.equals(name)).findFirst().orElseThrow();
		for (int trial = 0; trial < 10; trial++) {
			this.warnings.clear();
			SteppingClock clock = new SteppingClock();
			TimeOrderedIdAlgorithm algorithm = (TimeOrderedIdAlgorithm) config.create(clock);
			LongAdder made = new LongAdder();
			AtomicBoolean stop = new AtomicBoolean();
			List<Thread> threads = new ArrayList<>();
			for (int t = 0; t < 8; t++) {
				Thread thread = new Thread(() -> {
					while (!stop.get()) {
						algorithm.nextBody();
						made.increment();
					}
				});
				thread.start();
				threads.add(thread);
			}
			try {
				awaitMade(made, 8_000);
				clock.step(Duration.ofSeconds(-10));
				awaitMade(made, made.sum() + 80_000);
			}
			finally {
				stop.set(true);
				for (Thread thread : threads) {
					thread.join();
				}
			}
			assertThat(algorithm.clockStepsBack()).as(name + ", trial " + trial).isEqualTo(1);
			assertThat(this.warnings.records()).as(name + ", trial " + trial).hasSize(1);
		}
	}

	@Test
	void aGeneratorRunningAheadOfItsClockIsNoStepBack() {
		// couchdb-utc-id takes the next microsecond for every ID of a microsecond: on a frozen clock it
		// runs ahead of the clock, which never went back
		SettableClock frozen = new SettableClock(START);
		TimeOrderedIdAlgorithm couchdb = (TimeOrderedIdAlgorithm) timeOrdered().filter(c -> c.name.equals("couchdb-utc-id"))
			.findFirst()
			.orElseThrow()
			.create(frozen);
		for (int i = 0; i < 2_000_000; i++) {
			couchdb.nextBody();
		}
		assertThat(couchdb.instantOf(couchdb.nextBody())).isAfter(START.plusSeconds(1));
		assertThat(couchdb.clockStepsBack()).isZero();
		assertThat(this.warnings.records()).isEmpty();
	}

	@ParameterizedTest
	@MethodSource("timeOrdered")
	void aFurtherStepBelowTheFirstOrAStepAfterTheClockCaughtUpCountsAgain(AlgorithmConfig config) {
		SettableClock clock = new SettableClock(START);
		TimeOrderedIdAlgorithm algorithm = (TimeOrderedIdAlgorithm) config.create(clock);
		algorithm.nextBody();
		clock.advance(Duration.ofSeconds(-5));
		algorithm.nextBody();
		assertThat(algorithm.clockStepsBack()).isEqualTo(1);
		// still behind, moving forward: the same step
		clock.advance(Duration.ofSeconds(2));
		algorithm.nextBody();
		assertThat(algorithm.clockStepsBack()).isEqualTo(1);
		// back again, below where the first step took it
		clock.advance(Duration.ofSeconds(-4));
		algorithm.nextBody();
		assertThat(algorithm.clockStepsBack()).isEqualTo(2);
		// the clock catches up with everything it read before, then steps back once more
		clock.advance(Duration.ofSeconds(20));
		algorithm.nextBody();
		clock.advance(Duration.ofSeconds(-3));
		algorithm.nextBody();
		assertThat(algorithm.clockStepsBack()).isEqualTo(3);
	}

	private static void awaitMade(LongAdder made, long count) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (made.sum() < count) {
			assertThat(System.nanoTime() - deadline).as("IDs made").isNegative();
			Thread.sleep(1);
		}
	}

	/**
	 * A clock that holds one thread right after it has read the time, as the scheduler holds a
	 * thread preempted between reading the clock and using the reading.
	 */
	private static final class HoldingClock extends Clock {

		private final Clock clock;

		private final CountDownLatch read = new CountDownLatch(1);

		private final CountDownLatch resume = new CountDownLatch(1);

		private volatile Thread held;

		HoldingClock(Clock clock) {
			this.clock = clock;
		}

		/** Starts a thread whose first clock reading is held until {@link #resume()}. */
		Thread startHeld(Runnable task) {
			Thread thread = new Thread(task);
			this.held = thread;
			thread.start();
			return thread;
		}

		void awaitHeld() throws InterruptedException {
			assertThat(this.read.await(10, TimeUnit.SECONDS)).as("the held thread read the clock").isTrue();
		}

		void resume() {
			this.resume.countDown();
		}

		@Override
		public Instant instant() {
			Instant now = this.clock.instant();
			if (Thread.currentThread() == this.held) {
				this.held = null;
				this.read.countDown();
				try {
					this.resume.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			return now;
		}

		@Override
		public ZoneId getZone() {
			return this.clock.getZone();
		}

		@Override
		public Clock withZone(ZoneId zone) {
			throw new UnsupportedOperationException();
		}

	}

}
