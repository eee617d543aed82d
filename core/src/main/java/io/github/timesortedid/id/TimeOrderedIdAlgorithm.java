package io.github.timesortedid.id;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * An algorithm whose bodies begin with a timestamp, so that string order is creation order (or
 * its reverse, see {@link #isDescending()}) and a time range is a range of bodies.
 */
public interface TimeOrderedIdAlgorithm extends IdAlgorithm {

	/**
	 * Returns the unit of the timestamp in the body.
	 * @return {@code SECONDS}, {@code MILLIS} or {@code MICROS}
	 */
	ChronoUnit precision();

	/**
	 * Tells whether newer IDs sort before older ones ({@code kuuid} with {@code reverse}).
	 * @return true for newest-first order
	 */
	default boolean isDescending() {
		return false;
	}

	/**
	 * Returns how many times this generator found its clock stepped back below a time the clock had
	 * given before (it then carries on from its last timestamp, see the algorithm's documentation):
	 * one per step, however many threads and IDs saw it, until the clock reads again as high as
	 * before; a further step below where the first one went counts again. A generator running ahead
	 * of a clock that did not go back (one ID per microsecond, more in one tick) is no step.
	 * @return the count since the generator was made
	 */
	default long clockStepsBack() {
		return 0;
	}

	/**
	 * Returns how many times this generator waited for the clock because it had handed out every
	 * ID of the current timestamp ({@code snowflake}'s 4096 per millisecond).
	 * @return the count since the generator was made
	 */
	default long waits() {
		return 0;
	}

	/**
	 * Returns the total time of those waits.
	 * @return the time waited since the generator was made
	 */
	default Duration waited() {
		return Duration.ZERO;
	}

	/**
	 * Returns the earliest instant a body can carry.
	 * @return the lower end of the representable range
	 */
	Instant minInstant();

	/**
	 * Returns the latest instant a body can carry.
	 * @return the upper end of the representable range
	 */
	Instant maxInstant();

	/**
	 * Decodes the creation instant of a body, at this algorithm's precision.
	 * @param body a body
	 * @return the instant in its timestamp
	 * @throws InvalidIdException if {@code body} is not valid
	 */
	Instant instantOf(CharSequence body);

	/**
	 * Returns the smallest body (in string order) that carries {@code instant} truncated to
	 * {@link #precision()}.
	 * @param instant an instant within {@code [minInstant(), maxInstant()]}
	 * @return the lowest body for that instant
	 * @throws IllegalArgumentException if the instant is outside the representable range
	 */
	String lowestBody(Instant instant);

	/**
	 * Returns the largest body (in string order) that carries {@code instant} truncated to
	 * {@link #precision()}.
	 * @param instant an instant within {@code [minInstant(), maxInstant()]}
	 * @return the highest body for that instant
	 * @throws IllegalArgumentException if the instant is outside the representable range
	 */
	String highestBody(Instant instant);

	/**
	 * Returns the text that parts the bodies made before an instant from those made at or after it,
	 * whichever instance made them: the bound of a range partition. For an instant on a whole
	 * {@link #precision()} unit, every body made at or after it sorts at or above the bound, and
	 * every body made before it sorts below. That is {@link #lowestBody}, unless bodies end in a part
	 * that tells instances apart ({@code couchdb-utc-id}'s suffix), which the bound leaves out, since
	 * another instance's suffix may sort lower.
	 * @param instant an instant within {@code [minInstant(), maxInstant()]}
	 * @return the bound
	 * @throws IllegalArgumentException if the instant is outside the representable range
	 */
	default String boundBody(Instant instant) {
		return lowestBody(instant);
	}

}
