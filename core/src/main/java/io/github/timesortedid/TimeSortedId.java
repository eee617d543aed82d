package io.github.timesortedid;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.github.timesortedid.hibernate.TimeSortedIdAttributeBinder;
import io.github.timesortedid.hibernate.TimeSortedIdGenerator;
import org.hibernate.annotations.AttributeBinderType;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;

/**
 * Gives an entity attribute an application-assigned, time-sortable ID when the entity is
 * persisted: {@code @Id @TimeSortedId(prefix = "post") String id;} makes {@code post_01jh...}. Works
 * on {@code @Id} fields and on other columns (a "public id"). A value already set is kept after a
 * prefix and format check, so a retried insert can reuse its ID. The algorithm comes from
 * {@code time-sorted-id.algorithm} unless {@link #algorithm()} or
 * {@code time-sorted-id.entities.<Entity>.algorithm} says otherwise.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD })
@IdGeneratorType(TimeSortedIdGenerator.class)
@AttributeBinderType(binder = TimeSortedIdAttributeBinder.class)
@ValueGenerationType(generatedBy = TimeSortedIdGenerator.class)
public @interface TimeSortedId {

	/**
	 * The type prefix of {@code String} IDs, e.g. {@code post}: 1 to 63 lowercase letters and
	 * {@code _}. Empty for none. {@code time-sorted-id.entities.<Entity>.prefix} overrides it for
	 * the {@code @Id} attribute.
	 * @return the prefix
	 */
	String prefix() default "";

	/**
	 * The algorithm for this attribute, e.g. {@code random}; empty for the configured default.
	 * {@code time-sorted-id.entities.<Entity>.algorithm} overrides it.
	 * @return the algorithm name
	 */
	String algorithm() default "";

	/**
	 * How the column holds the IDs of a {@code String} or typed-ID attribute: {@code TEXT}, or
	 * {@code BINARY} for the body's bytes in a {@code uuid} or {@code binary(N)} column. By
	 * default {@code time-sorted-id.entities.<Entity>.storage}, else {@code time-sorted-id.storage}
	 * decides; an entity's property wins over this.
	 * @return the storage
	 */
	IdStorage storage() default IdStorage.DEFAULT;

}
