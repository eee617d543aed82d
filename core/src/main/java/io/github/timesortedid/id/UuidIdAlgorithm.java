package io.github.timesortedid.id;

import java.time.Instant;
import java.util.UUID;

/**
 * A time-ordered algorithm whose value is 128 bits, so that it can fill a {@link UUID} field
 * directly ({@code uuidv7}, {@code ulid}). Bodies are an encoding of the same 128 bits.
 */
public interface UuidIdAlgorithm extends TimeOrderedIdAlgorithm {

	/**
	 * Makes the next value.
	 * @return a new UUID
	 */
	UUID nextUuid();

	/**
	 * Makes a value that carries a given instant instead of the clock's; see
	 * {@link TimeOrderedIdAlgorithm#nextBodyAt(Instant)}, whose bodies encode the same values.
	 * @param instant the instant, truncated to milliseconds
	 * @return a new UUID
	 * @throws IllegalArgumentException if the instant is outside the algorithm's range
	 * @throws UnsupportedOperationException for an algorithm defined elsewhere that mints none
	 */
	default UUID nextUuidAt(Instant instant) {
		throw new UnsupportedOperationException(name() + " does not make IDs for a given instant");
	}

	/**
	 * Encodes a value as a body.
	 * @param uuid the value
	 * @return its body
	 */
	String encode(UUID uuid);

	/**
	 * Decodes a body into its value.
	 * @param body a valid body
	 * @return the value
	 * @throws InvalidIdException if {@code body} is not valid
	 */
	UUID decode(CharSequence body);

	/**
	 * Checks that a value is one this algorithm could have made (for UUIDv7: version 7, variant
	 * {@code 10}).
	 * @param uuid the value
	 * @throws InvalidIdException saying what is wrong
	 */
	void validate(UUID uuid);

	/**
	 * Decodes the creation instant of a value.
	 * @param uuid the value
	 * @return its instant at millisecond precision
	 */
	Instant instantOf(UUID uuid);

	/**
	 * Returns the smallest value made in the millisecond of {@code instant}, in unsigned (database
	 * byte) order.
	 * @param instant an instant in range
	 * @return the lowest value
	 */
	UUID lowestUuid(Instant instant);

	/**
	 * Returns the largest value made in the millisecond of {@code instant}, in unsigned (database
	 * byte) order.
	 * @param instant an instant in range
	 * @return the highest value
	 */
	UUID highestUuid(Instant instant);

}
