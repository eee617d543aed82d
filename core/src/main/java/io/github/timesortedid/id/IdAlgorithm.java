package io.github.timesortedid.id;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * An ID algorithm: makes ID bodies of one fixed length, and checks bodies made elsewhere.
 * Implementations are thread-safe. Time-ordered algorithms implement
 * {@link TimeOrderedIdAlgorithm}; those with a native Java value add {@link UuidIdAlgorithm} or
 * {@link LongIdAlgorithm}. Instances come from {@link IdAlgorithms#create}.
 */
public interface IdAlgorithm {

	/**
	 * Returns the name used in configuration, e.g. {@code ulid}.
	 * @return the algorithm name
	 */
	String name();

	/**
	 * Returns the length of every body this algorithm makes or accepts.
	 * @return the body length in characters
	 */
	int bodyLength();

	/**
	 * Tells whether bodies use upper and lower case letters as different digits, so that a column
	 * collation that folds case would make distinct IDs compare equal.
	 * @return true if the body alphabet is case-sensitive
	 */
	boolean isCaseSensitive();

	/**
	 * Tells whether {@code c} can occur in a body, so that a prefix separator can be checked
	 * against the body alphabet.
	 * @param c a character
	 * @return true if {@code c} may occur in a body
	 */
	boolean isBodyCharacter(char c);

	/**
	 * Makes the next body and writes it, as {@link #bodyLength()} ASCII bytes, into {@code dst}.
	 * @param dst the destination
	 * @param offset where the body starts in {@code dst}
	 */
	void writeBody(byte[] dst, int offset);

	/**
	 * Makes the next body.
	 * @return a new body
	 */
	default String nextBody() {
		byte[] body = new byte[bodyLength()];
		writeBody(body, 0);
		return Ascii.string(body);
	}

	/**
	 * Checks that {@code body} is a body this algorithm could have made.
	 * @param body the text to check
	 * @throws InvalidIdException saying what is wrong
	 */
	void validateBody(CharSequence body);

	/**
	 * Returns the binary form of the bodies, for attributes stored as bytes rather than text
	 * ({@code time-sorted-id.storage=binary}): a fixed number of bytes whose order is the bodies'
	 * order. Every algorithm of this library with a fixed-size body has one; {@code snowflake}
	 * (store it in a {@code Long}) and {@code couchdb-utc-id} (its suffix has no fixed size) do not.
	 * @return the binary form, or {@code null} if there is none
	 */
	default @Nullable BinaryBody binaryBody() {
		return null;
	}

	/**
	 * Describes the bit layout of a body: its fields in order, named as the algorithm's public
	 * specification names them, each with its place, its width and what it holds (see
	 * {@link IdSegment}), e.g. for a {@code uuidv7} body {@code unix_ts_ms} (48 bits), {@code ver}
	 * (4), {@code rand_a} (12), {@code var} (2) and {@code rand_b} (62). The layout follows the
	 * algorithm's settings: the {@code random} algorithm's {@code bits}, the {@code couchdb-utc-id}
	 * suffix, the {@code snowflake} epoch. The widths add up to the width of the body's value.
	 * <p>
	 * Every algorithm of this library describes its own fields. This default, for an algorithm
	 * defined elsewhere that does not, checks the body and describes it as one {@link IdSegment.Kind#TEXT}
	 * field named {@code body}, 8 bits per character: true, if not informative.
	 * @param body a body
	 * @return the fields of the body, from its most significant bit on
	 * @throws InvalidIdException if {@code body} is not valid
	 */
	default List<IdSegment> segments(CharSequence body) {
		validateBody(body);
		return new IdSegment.Builder().text("body", body.toString()).build();
	}

}
