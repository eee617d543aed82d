package io.github.timesortedid.id;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The timestamp field of a body: its unit, its epoch and its largest value. Converts between
 * clock readings, instants and raw field values, and refuses instants the field cannot hold
 * rather than letting them wrap.
 */
final class TimeField {

	/** A clock that steps back further than this is worth a warning; smaller steps are routine (NTP). */
	static final Duration BACKWARD_WARNING = Duration.ofSeconds(1);

	/** No step back is open: the clock reads at least as high as it ever read. */
	private static final long NO_STEP = Long.MAX_VALUE;

	private static final Logger logger = System.getLogger(TimeField.class.getName());

	private final String algorithm;

	private final ChronoUnit unit;

	private final long epoch;

	private final long max;

	private final long backwardWarning;

	/** The highest raw value the clock has given, so that a reading below it is the clock going back. */
	private final AtomicLong highest = new AtomicLong(Long.MIN_VALUE);

	/** Where the clock went in the step back still open (its reading then), or {@link #NO_STEP}. */
	private final AtomicLong stepLow = new AtomicLong(NO_STEP);

	private final AtomicBoolean warned = new AtomicBoolean();

	private final LongAdder stepsBack = new LongAdder();

	/**
	 * @param algorithm the algorithm name, for messages
	 * @param unit seconds, millis or micros
	 * @param epoch the instant of raw value 0, in {@code unit} since 1970
	 * @param max the largest raw value
	 */
	TimeField(String algorithm, ChronoUnit unit, long epoch, long max) {
		this.algorithm = algorithm;
		this.unit = unit;
		this.epoch = epoch;
		this.max = max;
		this.backwardWarning = unit.between(Instant.EPOCH, Instant.EPOCH.plus(BACKWARD_WARNING));
	}

	long epoch() {
		return this.epoch;
	}

	/** How many times the clock stepped back behind a reading it had given before: one per step. */
	long stepsBack() {
		return this.stepsBack.sum();
	}

	ChronoUnit unit() {
		return this.unit;
	}

	long max() {
		return this.max;
	}

	Instant min() {
		return toInstant(0);
	}

	Instant maxInstant() {
		return toInstant(this.max);
	}

	/**
	 * Reads the clock as a raw field value, and watches it for steps back. Generators carry on from
	 * their last timestamp whatever the clock reads (RFC 9562, section 6.2), so watching costs the
	 * common path one comparison.
	 */
	long now(Clock clock) {
		long raw = raw(clock);
		if (raw < 0 || raw > this.max) {
			throw new IdGenerationException("The clock reads " + clock.instant() + ", outside the range " + range()
					+ " that " + this.algorithm + " IDs can carry; check the clock or choose another algorithm");
		}
		long top = this.highest.get();
		if (raw >= top) {
			rose(clock, raw, top);
		}
		else if (raw < this.stepLow.get()) {
			// below an earlier reading, and not within the step already open
			steppedBack(clock);
		}
		return raw;
	}

	/** Records a reading at or above every earlier one; one at or above them all now also ends a step. */
	private void rose(Clock clock, long raw, long top) {
		long highest = top;
		// a CAS, not a plain write: a thread held between its reading and this write must not lower the mark
		while (raw > highest && !this.highest.compareAndSet(highest, raw)) {
			highest = this.highest.get();
		}
		long low = this.stepLow.get();
		// the reading may be one taken before the step and reported late; the clock read again decides
		if (low != NO_STEP && raw(clock) >= this.highest.get()) {
			this.stepLow.compareAndSet(low, NO_STEP);
		}
	}

	/**
	 * Counts a step back once, and warns once per generator if it is beyond
	 * {@link #BACKWARD_WARNING}. A reading below the highest may be old news: a thread held (preempted)
	 * between reading the clock and reporting the reading reports a time the clock has since passed.
	 * So the clock is read again, after the state it is compared with: a fresh reading below a mark
	 * set before it is the clock itself going back. A step stays open until the clock reads again as
	 * high as it read before; within it, only a step below where it went counts again.
	 */
	private void steppedBack(Clock clock) {
		for (;;) {
			long low = this.stepLow.get();
			long top = this.highest.get();
			long fresh = raw(clock);
			if (fresh >= top || (low != NO_STEP && fresh >= low)) {
				return;
			}
			if (this.stepLow.compareAndSet(low, fresh)) {
				this.stepsBack.increment();
				if (top - fresh > this.backwardWarning && this.warned.compareAndSet(false, true)) {
					logger.log(Level.WARNING, () -> "The clock stepped back from " + toInstant(top) + " to " + toInstant(fresh)
							+ "; " + this.algorithm + " IDs carry on from the last timestamp used, so they stay unique and "
							+ "increasing, but their time runs ahead of the clock until it catches up. Warned once per generator.");
				}
				return;
			}
		}
	}

	private long raw(Clock clock) {
		try {
			return read(clock) - this.epoch;
		}
		catch (ArithmeticException ex) {
			return -1;
		}
	}

	/** Returns the raw value after {@code raw}, for a generator that ran out of room in one tick. */
	long next(long raw) {
		if (raw >= this.max) {
			throw new IdGenerationException("The " + this.algorithm + " generator used up the last timestamp "
					+ maxInstant() + " of its range " + range());
		}
		return raw + 1;
	}

	/** Converts an instant, truncated to the unit, to a raw value. */
	long of(Instant instant) {
		long raw;
		try {
			raw = since1970(instant) - this.epoch;
		}
		catch (ArithmeticException ex) {
			raw = -1;
		}
		if (raw < 0 || raw > this.max) {
			throw new IllegalArgumentException(
					"Instant " + instant + " is outside the range " + range() + " of " + this.algorithm + " IDs");
		}
		return raw;
	}

	Instant toInstant(long raw) {
		long value = raw + this.epoch;
		return switch (this.unit) {
			case SECONDS -> Instant.ofEpochSecond(value);
			case MILLIS -> Instant.ofEpochMilli(value);
			default -> Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1000L);
		};
	}

	private long read(Clock clock) {
		return switch (this.unit) {
			case SECONDS -> {
				long millis = clock.millis();
				// plain division for the usual non-negative reading: the JIT turns it into a multiply
				yield (millis >= 0) ? millis / 1000L : Math.floorDiv(millis, 1000L);
			}
			case MILLIS -> clock.millis();
			default -> since1970(clock.instant());
		};
	}

	private long since1970(Instant instant) {
		return switch (this.unit) {
			case SECONDS -> instant.getEpochSecond();
			case MILLIS -> instant.toEpochMilli();
			default -> Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
		};
	}

	private String range() {
		return "[" + min() + ", " + maxInstant() + "]";
	}

}
