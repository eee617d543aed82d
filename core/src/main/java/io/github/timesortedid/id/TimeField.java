package io.github.timesortedid.id;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.LongAdder;

import org.jspecify.annotations.Nullable;

/**
 * The timestamp field of a body: its unit, its epoch and its largest value. Converts between
 * clock readings, instants and raw field values, and refuses instants the field cannot hold
 * rather than letting them wrap.
 */
final class TimeField {

	/** A clock that steps back further than this is worth a warning; smaller steps are routine (NTP). */
	static final Duration BACKWARD_WARNING = Duration.ofSeconds(1);

	private static final Logger logger = System.getLogger(TimeField.class.getName());

	private final String algorithm;

	private final ChronoUnit unit;

	private final long epoch;

	private final long max;

	private final long backwardWarning;

	private volatile boolean warned;

	private final LongAdder stepsBack = new LongAdder();

	/** The reading and the generator's timestamp when the current step back was counted. */
	private volatile long @Nullable [] lastStep;

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

	/**
	 * Called when a clock reading is behind the last timestamp a generator used; logs a warning the
	 * first time the gap exceeds {@link #BACKWARD_WARNING}, and counts the step. Generators carry on
	 * from their last timestamp, so this costs nothing on the common path.
	 */
	void behind(long reading, long last) {
		long[] step = this.lastStep;
		// one step back is one until the clock passes the timestamp the generator had reached when it
		// was seen; within it, later readings advance and are not counted again
		if (step == null || reading < step[0] || reading > step[1]) {
			this.lastStep = new long[] { reading, last };
			this.stepsBack.increment();
		}
		if (!this.warned && last - reading > this.backwardWarning) {
			this.warned = true;
			logger.log(Level.WARNING, () -> "The clock stepped back from " + toInstant(last) + " to " + toInstant(reading)
					+ "; " + this.algorithm + " IDs carry on from the last timestamp used, so they stay unique and "
					+ "increasing, but their time runs ahead of the clock until it catches up. Warned once per generator.");
		}
	}

	/** How many times the clock was seen to step back behind a timestamp already used. */
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

	/** Reads the clock as a raw field value. */
	long now(Clock clock) {
		long raw;
		try {
			raw = read(clock) - this.epoch;
		}
		catch (ArithmeticException ex) {
			raw = -1;
		}
		if (raw < 0 || raw > this.max) {
			throw new IdGenerationException("The clock reads " + clock.instant() + ", outside the range " + range()
					+ " that " + this.algorithm + " IDs can carry; check the clock or choose another algorithm");
		}
		return raw;
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
