package io.github.timesortedid.id;

import java.util.List;

import org.jspecify.annotations.Nullable;

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
	AbstractIdAlgorithm(String name, @Nullable String details, BodyFormat format) {
		// both texts made once here, not on every failed check or log line
		this.what = Nouns.withArticle(name) + " body";
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

	/** Every algorithm of the family states its fields: declared again here so that none can leave them out. */
	@Override
	public abstract List<IdSegment> segments(CharSequence body);

	/** Returns the name, with the settings that matter in parentheses, e.g. {@code uuidv7 (base32)}. */
	@Override
	public final String toString() {
		return this.description;
	}

	/** A body of digits only is the number it spells, {@link #valueBits()} wide. */
	@Override
	public @Nullable BinaryBody binaryBody() {
		return this.format.otherCharacters().isEmpty() ? PackedBody.of(this.format, valueBits()) : null;
	}

	/**
	 * The width of the largest number a valid body spells: by default all that its digits can
	 * spell; an algorithm whose check refuses larger numbers says how wide its values are.
	 */
	int valueBits() {
		return PackedBody.wholeNumberBits(this.format);
	}

	final BodyFormat format() {
		return this.format;
	}

	/**
	 * A regular expression (see {@link Regex}, not anchored) for the shape of every body: its
	 * length and the characters each place allows. Checks of the value (a UUID's version, a number
	 * above the largest) stay with {@link #validateBody}, so some text of this shape is still
	 * refused, but none of another shape is accepted. A body of digits only is the
	 * {@link BodyFormat}'s; an algorithm with characters at fixed places states them.
	 */
	String bodyPattern() {
		return this.format.pattern();
	}

	/** How messages refer to a body of this algorithm, e.g. {@code a ulid body}. */
	final String what() {
		return this.what;
	}

}
