package io.github.timesortedid;

import java.io.Serializable;

/**
 * A strongly typed ID, as the TypeID specification suggests (one type per prefix): a record such as
 * {@code record PostId(String value) implements TypedId}, annotated with {@link IdPrefix}, so that
 * an {@code AccountId} cannot be passed where a {@code PostId} is expected. Usable as the type of an
 * {@code @Id @TimeSortedId} attribute; stored as a string column, written by Jackson as a plain
 * string, and converted from Spring MVC path variables. The compact constructor should call
 * {@link TypedIds#check} so that no instance holds another type's ID, and {@code toString()} should
 * return the ID itself, so that a typed ID in a link, a log line or {@code "redirect:/posts/" + id}
 * is the ID and not the record's default {@code PostId[value=post_...]} (startup warns about a typed
 * ID that keeps the default):
 *
 * <pre>
 * &#64;IdPrefix("post")
 * public record PostId(String value) implements TypedId {
 *     public PostId {
 *         TypedIds.check(PostId.class, value);
 *     }
 *
 *     &#64;Override
 *     public String toString() {
 *         return value;
 *     }
 * }
 * </pre>
 *
 * In Kotlin, where a property cannot implement {@link #value()}, extend {@link AbstractTypedId},
 * which checks the prefix and makes {@code toString()} the ID:
 * {@code @IdPrefix("post") data class PostId(val value: String) : AbstractTypedId(value)}. A Kotlin
 * value class ({@code @JvmInline @IdPrefix("post") value class PostId(val value: String) : TypedId}
 * with {@code override fun value() = value}) works too: the JVM stores it as its {@code String}, and
 * the attribute takes the prefix from the value class.
 * <p>
 * Typed IDs are {@link Serializable}, so entities that are (for sessions, caches) can hold them.
 */
public interface TypedId extends Serializable {

	/**
	 * Returns the full ID, prefix included, e.g. {@code post_01jh...}.
	 * @return the ID text
	 */
	String value();

}
