package io.github.timesortedid;

import org.jspecify.annotations.Nullable;

/**
 * A {@link TypedId} that is a class rather than a record: the base of a typed ID written in Kotlin,
 * where a property cannot implement {@link TypedId#value()}. The subclass passes its value up, and
 * this constructor checks it against the subclass's {@link IdPrefix} (as a record's compact
 * constructor does with {@link TypedIds#check}), so that no instance holds another type's ID:
 *
 * <pre>
 * &#64;IdPrefix("art")
 * data class ArticleId(val value: String) : AbstractTypedId(value)
 * </pre>
 *
 * {@code value()} and {@code toString()} are final here: the ID is its text, and a Kotlin data
 * class does not generate a {@code toString()} that its superclass declares final (Kotlin language
 * specification, "Data class declaration"), so {@code "$articleId"} is the ID, not
 * {@code ArticleId(value=art_...)}. Two typed IDs are equal when they are of one class and hold one
 * ID, as this class's {@code equals} and a data class's generated one both say.
 */
public abstract class AbstractTypedId implements TypedId {

	private static final long serialVersionUID = 1L;

	private final String value;

	/**
	 * Checks and keeps the ID; a subclass calls it with the text it holds.
	 * @param value the ID text, which must start with the subclass's prefix and a separator
	 * @throws io.github.timesortedid.id.InvalidIdException if it is not an ID of the subclass
	 */
	protected AbstractTypedId(String value) {
		this.value = TypedIds.check(getClass(), value);
	}

	@Override
	public final String value() {
		return this.value;
	}

	/**
	 * Tells whether another object is a typed ID of this class holding the same ID; a Kotlin data
	 * class replaces it with its own, which compares the same.
	 */
	@Override
	public boolean equals(@Nullable Object other) {
		return this == other
				|| (other != null && other.getClass() == getClass() && ((AbstractTypedId) other).value.equals(this.value));
	}

	@Override
	public int hashCode() {
		return this.value.hashCode();
	}

	@Override
	public final String toString() {
		return this.value;
	}

}
