package io.github.timesortedid.id;

import java.time.Instant;

/**
 * A time-ordered algorithm whose value is a positive 64-bit long ({@code snowflake}), stored
 * natively in {@code Long}/{@code long} fields; bodies are a fixed-width encoding of it.
 */
public interface LongIdAlgorithm extends TimeOrderedIdAlgorithm {

	/**
	 * Makes the next value.
	 * @return a new positive long
	 */
	long nextLong();

	/**
	 * Makes a value that carries a given instant instead of the clock's; see
	 * {@link TimeOrderedIdAlgorithm#nextBodyAt(Instant)}, whose bodies encode the same values.
	 * @param instant the instant, truncated to milliseconds
	 * @return a new positive long
	 * @throws IllegalArgumentException if the instant is outside the algorithm's range
	 * @throws IdGenerationException if the instant's millisecond has no room for another value
	 * @throws UnsupportedOperationException for an algorithm defined elsewhere that mints none
	 */
	default long nextLongAt(Instant instant) {
		throw new UnsupportedOperationException(name() + " does not make IDs for a given instant");
	}

	/**
	 * Encodes a value as a body.
	 * @param value a non-negative value
	 * @return its body
	 */
	String encode(long value);

	/**
	 * Decodes a body into its value.
	 * @param body a valid body
	 * @return the value
	 * @throws InvalidIdException if {@code body} is not valid
	 */
	long decode(CharSequence body);

	/**
	 * Checks that a value is one this algorithm could have made.
	 * @param value the value
	 * @throws InvalidIdException saying what is wrong
	 */
	void validate(long value);

	/**
	 * Decodes the creation instant of a value.
	 * @param value the value
	 * @return its instant at millisecond precision
	 */
	Instant instantOf(long value);

	/**
	 * Returns the smallest value made in the millisecond of {@code instant}.
	 * @param instant an instant in range
	 * @return the lowest value
	 */
	long lowestLong(Instant instant);

	/**
	 * Returns the largest value made in the millisecond of {@code instant}.
	 * @param instant an instant in range
	 * @return the highest value
	 */
	long highestLong(Instant instant);

}
