package io.github.timesortedid.id;

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

}
