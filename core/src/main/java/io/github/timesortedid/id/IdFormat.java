package io.github.timesortedid.id;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * One kind of ID: an optional prefix, a separator and an algorithm, e.g. {@code post} + {@code _}
 * + {@code uuidv7}. Makes full IDs ({@code post_01jh...}) in a single allocation-light step, and
 * checks and takes apart IDs from outside. Without a prefix an ID is the body alone.
 */
public final class IdFormat {

	/** The separator used when none is configured. */
	public static final String DEFAULT_SEPARATOR = "_";

	/** The longest separator allowed. */
	public static final int MAX_SEPARATOR_LENGTH = 4;

	private final String prefix;

	private final String separator;

	private final IdAlgorithm algorithm;

	private final byte[] head;

	private final int length;

	private IdFormat(String prefix, String separator, IdAlgorithm algorithm) {
		this.prefix = prefix;
		this.separator = separator;
		this.algorithm = algorithm;
		this.head = prefix.isEmpty() ? new byte[0] : (prefix + separator).getBytes(StandardCharsets.US_ASCII);
		this.length = this.head.length + algorithm.bodyLength();
	}

	/**
	 * Makes a format.
	 * @param prefix the type prefix, or {@code null} or empty for none
	 * @param separator the text between prefix and body
	 * @param algorithm the algorithm of the body
	 * @return the format
	 * @throws InvalidPrefixException if the prefix breaks the TypeID rules
	 * @throws InvalidSeparatorException if the separator cannot split the algorithm's IDs
	 */
	public static IdFormat of(@Nullable String prefix, @Nullable String separator, IdAlgorithm algorithm) {
		Objects.requireNonNull(algorithm, "algorithm");
		String checkedPrefix = (prefix == null || prefix.isEmpty()) ? "" : Prefixes.check(prefix);
		checkSeparator(separator, algorithm);
		return new IdFormat(checkedPrefix, separator, algorithm);
	}

	/**
	 * Checks a separator against an algorithm's body alphabet.
	 * @param separator the candidate
	 * @param algorithm the algorithm whose bodies follow it
	 * @throws InvalidSeparatorException saying why it cannot be used
	 */
	public static void checkSeparator(@Nullable String separator, IdAlgorithm algorithm) {
		if (separator == null || separator.isEmpty() || separator.length() > MAX_SEPARATOR_LENGTH) {
			throw new InvalidSeparatorException(separator,
					"use 1 to " + MAX_SEPARATOR_LENGTH + " punctuation characters, e.g. " + DEFAULT_SEPARATOR);
		}
		for (int i = 0; i < separator.length(); i++) {
			char c = separator.charAt(i);
			if (!isSeparatorCharacter(c)) {
				throw new InvalidSeparatorException(separator,
						"use printable ASCII punctuation such as _ : . or ~, not '" + c + "'");
			}
			if (algorithm.isBodyCharacter(c)) {
				throw new InvalidSeparatorException(separator, "'" + c + "' occurs in " + algorithm
						+ " bodies, so IDs could not be split; choose a character outside the body alphabet, e.g. "
						+ DEFAULT_SEPARATOR);
			}
		}
	}

	/**
	 * Tells whether a character may be part of a separator: printable ASCII that is neither a
	 * letter nor a digit, so that a separator can never be mistaken for part of a prefix.
	 * @param c the character
	 * @return true if separators may contain it
	 */
	public static boolean isSeparatorCharacter(char c) {
		return c > 0x20 && c < 0x7F && !Character.isLetterOrDigit(c);
	}

	/**
	 * Returns the prefix, or the empty string.
	 * @return the prefix
	 */
	public String prefix() {
		return this.prefix;
	}

	/**
	 * Returns the separator.
	 * @return the separator
	 */
	public String separator() {
		return this.separator;
	}

	/**
	 * Returns the algorithm.
	 * @return the algorithm
	 */
	public IdAlgorithm algorithm() {
		return this.algorithm;
	}

	/**
	 * Returns the length of every ID of this format: prefix, separator and body.
	 * @return the length in characters
	 */
	public int length() {
		return this.length;
	}

	/**
	 * Makes the binary form of these IDs, for attributes stored as bytes; keep it, rather than ask
	 * again per ID.
	 * @return the binary form, or {@code null} if the algorithm has none (see
	 * {@link IdAlgorithm#binaryBody()})
	 */
	public @Nullable BinaryIdFormat binary() {
		BinaryBody body = this.algorithm.binaryBody();
		return (body != null) ? new BinaryIdFormat(this, body, this.head) : null;
	}

	/**
	 * Returns a regular expression for the text of every ID of this format, anchored at both ends:
	 * the prefix and separator as they are, then the body's shape, the characters each of its
	 * places allows in their case, as many as the body is long. Java's {@code Pattern} and
	 * ECMA-262 (the dialect of JSON Schema's and OpenAPI's {@code pattern}) read it alike. Text
	 * that does not match is never an ID of this format; text that matches can still be refused
	 * by {@link #validate} for its value (a UUID's version and variant, a number beyond the
	 * algorithm's range). A custom algorithm is described by the printable ASCII characters its
	 * {@link IdAlgorithm#isBodyCharacter} accepts.
	 * @return the expression, e.g. {@code ^post_[0-9a-hjkmnp-tv-z]{26}$}
	 */
	public String pattern() {
		String body = (this.algorithm instanceof AbstractIdAlgorithm known) ? known.bodyPattern()
				: Regex.repeat(Regex.characterClass(c -> this.algorithm.isBodyCharacter((char) c)),
						this.algorithm.bodyLength());
		String head = this.prefix.isEmpty() ? "" : Regex.literal(this.prefix + this.separator);
		return "^" + head + body + "$";
	}

	/**
	 * Makes the next ID.
	 * @return a new ID, e.g. {@code post_01jh...}
	 */
	public String next() {
		byte[] id = new byte[this.length];
		System.arraycopy(this.head, 0, id, 0, this.head.length);
		this.algorithm.writeBody(id, this.head.length);
		return Ascii.string(id);
	}

	/**
	 * Makes an ID that carries a given instant instead of the clock's, for rows whose time is known
	 * elsewhere (imports, back-fills, tests); see {@link TimeOrderedIdAlgorithm#nextBodyAt(Instant)}.
	 * @param instant the instant
	 * @return a new ID whose {@link #instantOf} is the instant at the algorithm's precision
	 * @throws UnsupportedOperationException if the algorithm carries no time
	 * @throws IllegalArgumentException if the instant is outside the algorithm's range
	 * @throws IdGenerationException if the instant has no room for another ID
	 */
	public String nextAt(Instant instant) {
		return withPrefix(timeOrdered().nextBodyAt(instant));
	}

	/**
	 * Checks a body and adds the prefix.
	 * @param body a body of this format's algorithm
	 * @return the full ID
	 * @throws InvalidIdException if the body is not valid
	 */
	public String format(CharSequence body) {
		this.algorithm.validateBody(body);
		return this.prefix.isEmpty() ? body.toString() : this.prefix + this.separator + body;
	}

	/**
	 * Checks an ID and returns its body.
	 * @param id a full ID
	 * @return the body
	 * @throws InvalidIdException saying what is wrong: missing or wrong prefix, or a bad body
	 */
	public String body(@Nullable CharSequence id) {
		if (id == null || id.length() == 0) {
			throw new InvalidIdException(id, "an ID is not empty");
		}
		if (!startsWithHead(id)) {
			throw new InvalidIdException(id, "expected an ID starting with '" + this.prefix + this.separator + "'");
		}
		CharSequence body = id.subSequence(this.head.length, id.length());
		try {
			this.algorithm.validateBody(body);
		}
		catch (InvalidIdException ex) {
			if (this.head.length == 0) {
				throw ex;
			}
			throw new InvalidIdException(id, ex.getReason());
		}
		return body.toString();
	}

	/**
	 * Checks an ID.
	 * @param id a full ID
	 * @throws InvalidIdException saying what is wrong
	 */
	public void validate(@Nullable CharSequence id) {
		body(id);
	}

	/**
	 * Decodes the creation instant of an ID of a time-ordered format.
	 * @param id a full ID
	 * @return the instant at the algorithm's precision
	 * @throws InvalidIdException if the ID is not valid
	 * @throws UnsupportedOperationException if the algorithm carries no time
	 */
	public Instant instantOf(CharSequence id) {
		return timeOrdered().instantOf(body(id));
	}

	/**
	 * Returns the smallest ID (in string order) made at {@code instant}.
	 * @param instant an instant within the algorithm's range
	 * @return the lowest ID
	 */
	public String lowest(Instant instant) {
		return withPrefix(timeOrdered().lowestBody(instant));
	}

	/**
	 * Returns the largest ID (in string order) made at {@code instant}.
	 * @param instant an instant within the algorithm's range
	 * @return the highest ID
	 */
	public String highest(Instant instant) {
		return withPrefix(timeOrdered().highestBody(instant));
	}

	/**
	 * Returns the prefix and the algorithm's {@linkplain TimeOrderedIdAlgorithm#boundBody bound} of an
	 * instant: the text that parts IDs of this format made before the instant from those made at or
	 * after it, in string order.
	 * @param instant an instant within the algorithm's range, on a whole unit of its precision
	 * @return the bound, the lowest ID of the instant for every algorithm but {@code couchdb-utc-id}
	 */
	public String bound(Instant instant) {
		return withPrefix(timeOrdered().boundBody(instant));
	}

	/**
	 * Tells whether the algorithm's bodies begin with a timestamp.
	 * @return true for a time-ordered algorithm
	 */
	public boolean isTimeOrdered() {
		return this.algorithm instanceof TimeOrderedIdAlgorithm;
	}

	private TimeOrderedIdAlgorithm timeOrdered() {
		if (!isTimeOrdered()) {
			throw new UnsupportedOperationException(this.algorithm.name()
					+ " IDs carry no time, so they have no creation instant and no time range; use a time-ordered "
					+ "algorithm such as uuidv7 for that");
		}
		return (TimeOrderedIdAlgorithm) this.algorithm;
	}

	private String withPrefix(String body) {
		return this.prefix.isEmpty() ? body : this.prefix + this.separator + body;
	}

	private boolean startsWithHead(CharSequence id) {
		if (id.length() < this.head.length) {
			return false;
		}
		for (int i = 0; i < this.head.length; i++) {
			if (id.charAt(i) != this.head[i]) {
				return false;
			}
		}
		return true;
	}

	@Override
	public String toString() {
		return (this.prefix.isEmpty() ? "" : this.prefix + this.separator) + "<" + this.algorithm + ">";
	}

}
