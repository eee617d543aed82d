package io.github.timesortedid;

/**
 * A strongly typed ID (seed 004, "Separate ID Types"): a record such as
 * {@code record PostId(String value) implements TypedId}, annotated with {@link IdPrefix}, so that
 * an {@code AccountId} cannot be passed where a {@code PostId} is expected. Usable as the type of an
 * {@code @Id @TimeSortedId} attribute; stored as a string column, written by Jackson as a plain
 * string, and converted from Spring MVC path variables. The compact constructor should call
 * {@link TypedIds#check} so that no instance holds another type's ID:
 *
 * <pre>
 * &#64;IdPrefix("post")
 * public record PostId(String value) implements TypedId {
 *     public PostId {
 *         TypedIds.check(PostId.class, value);
 *     }
 * }
 * </pre>
 */
public interface TypedId {

	/**
	 * Returns the full ID, prefix included, e.g. {@code post_01jh...}.
	 * @return the ID text
	 */
	String value();

}
