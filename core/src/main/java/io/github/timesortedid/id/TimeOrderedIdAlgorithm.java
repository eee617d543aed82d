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
	 * Makes a body that carries a given instant instead of the clock's, for rows whose time is known
	 * elsewhere: imports of historical rows, back-fills, tests. The bodies this generator mints for one
	 * instant never repeat and follow its order ({@link #isDescending()}), whichever threads ask;
	 * the clock is not read, and the bodies {@link #nextBody()} makes go on as before. Each
	 * algorithm of this library keeps the instant's bits as they are and tells the IDs of one instant
	 * apart where its own IDs of one tick differ: a counter on top of fresh random bits in the random
	 * part (RFC 9562, section 6.2, method 1), the upper half of {@code snowflake}'s sequence, the
	 * counter of {@code objectid}; {@code couchdb-utc-id}, which has nothing but its time and suffix,
	 * mints one body per microsecond.
	 * @param instant the instant, truncated to {@link #precision()}
	 * @return a new body whose {@link #instantOf} is {@code instant} truncated to {@link #precision()}
	 * @throws IllegalArgumentException if the instant is outside {@code [minInstant(), maxInstant()]}
	 * @throws IdGenerationException if the instant has no room for another body: {@code snowflake}
	 * mints 2048 per millisecond, {@code couchdb-utc-id} one per microsecond
	 * @throws UnsupportedOperationException for an algorithm defined elsewhere that mints none
	 */
	default String nextBodyAt(Instant instant) {
		throw new UnsupportedOperationException(name() + " does not make IDs for a given instant");
	}

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
