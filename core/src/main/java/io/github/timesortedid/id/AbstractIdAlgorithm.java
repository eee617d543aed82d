package io.github.timesortedid.id;

/**
 * What every algorithm has: a name and a {@link BodyFormat}. The methods that only describe them
 * ({@link #bodyLength()}, {@link #isCaseSensitive()}, {@link #isBodyCharacter(char)}) are written
 * here once; each algorithm adds how it makes and checks its bodies. The permitted subclasses are
 * the whole family.
 */
abstract sealed class AbstractIdAlgorithm implements IdAlgorithm
		permits CouchDbRandomAlgorithm, CouchDbSequentialAlgorithm, RandomTokenAlgorithm, AbstractTimeOrderedAlgorithm {

	private final String name;

	private final BodyFormat format;

	private final String what;

	private final String description;

	/**
	 * @param name the name used in configuration
	 * @param details the settings that tell instances apart in {@link #toString()}, or {@code null}
	 * @param format the text form of every body
	 */
	AbstractIdAlgorithm(String name, String details, BodyFormat format) {
		// both texts made once here, not on every failed check or log line
		this.what = "a " + name + " body";
		this.description = (details != null) ? name + " (" + details + ")" : name;
		this.name = name;
		this.format = format;
	}

	@Override
	public final String name() {
		return this.name;
	}

	@Override
	public final int bodyLength() {
		return this.format.length();
	}

	@Override
	public final boolean isBodyCharacter(char c) {
		return this.format.isBodyCharacter(c);
	}

	@Override
	public final boolean isCaseSensitive() {
		return this.format.isCaseSensitive();
	}

	/** Returns the name, with the settings that matter in parentheses, e.g. {@code uuidv7 (base32)}. */
	@Override
	public final String toString() {
		return this.description;
	}

	final BodyFormat format() {
		return this.format;
	}

	/** How messages refer to a body of this algorithm, e.g. {@code a ulid body}. */
	final String what() {
		return this.what;
	}

}
