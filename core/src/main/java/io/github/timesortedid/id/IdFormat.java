package io.github.timesortedid.id;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;

/**
 * One kind of ID: an optional prefix, a separator and an algorithm, e.g. {@code post} + {@code _}
 * + {@code uuidv7}. Makes full IDs ({@code post_01jh...}) in a single allocation-light step, and
 * checks and takes apart IDs from outside. Without a prefix an ID is the body alone.
 */
public final class IdFormat {

	/** The separator used when none is configured. */
	public static final String DEFAULT_SEPARATOR = "_";

	private static final int MAX_SEPARATOR_LENGTH = 4;

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
	 * @throws IllegalArgumentException naming what is wrong with the prefix or separator
	 */
	public static IdFormat of(String prefix, String separator, IdAlgorithm algorithm) {
		Objects.requireNonNull(algorithm, "algorithm");
		String checkedPrefix = (prefix != null) ? prefix : "";
		if (!checkedPrefix.isEmpty()) {
			String problem = Prefixes.problem(checkedPrefix);
			if (problem != null) {
				throw new IllegalArgumentException("Invalid prefix '" + checkedPrefix + "': " + problem);
			}
		}
		String separatorProblem = separatorProblem(separator, algorithm);
		if (separatorProblem != null) {
			throw new InvalidSettingException(AlgorithmOptions.PREFIX + "separator", separator, separatorProblem);
		}
		return new IdFormat(checkedPrefix, separator, algorithm);
	}

	/**
	 * Checks a separator against an algorithm's body alphabet.
	 * @param separator the candidate
	 * @param algorithm the algorithm whose bodies follow it
	 * @return {@code null} if it can be used, else what is wrong
	 */
	public static String separatorProblem(String separator, IdAlgorithm algorithm) {
		if (separator == null || separator.isEmpty() || separator.length() > MAX_SEPARATOR_LENGTH) {
			return "use 1 to " + MAX_SEPARATOR_LENGTH + " characters, e.g. _";
		}
		for (int i = 0; i < separator.length(); i++) {
			char c = separator.charAt(i);
			if (c <= 0x20 || c >= 0x7F || Character.isLetterOrDigit(c)) {
				return "use printable ASCII punctuation such as _ : . or ~, not '" + c + "'";
			}
			if (algorithm.isBodyCharacter(c)) {
				return "'" + c + "' occurs in " + algorithm + " bodies, so IDs could not be split; choose a character "
						+ "outside the body alphabet, e.g. " + DEFAULT_SEPARATOR;
			}
		}
		return null;
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
	public String body(CharSequence id) {
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
	public void validate(CharSequence id) {
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
