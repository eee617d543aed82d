package io.github.timesortedid;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares the prefix of a {@link TypedId} type, e.g. {@code @IdPrefix("post")}. An entity
 * attribute of that type takes its prefix from here; prefixes are unique across typed IDs.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface IdPrefix {

	/**
	 * The prefix: 1 to 63 lowercase letters and {@code _}, starting and ending with a letter.
	 * @return the prefix
	 */
	String value();

}
