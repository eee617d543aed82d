package io.github.timesortedid;

/**
 * How the column of a {@code String} or typed-ID attribute holds its IDs. The Java value is the
 * prefixed text either way ({@code post_01jh...}): the application, JSON, URLs and logs never see
 * the difference. {@code Long} and {@code UUID} attributes are stored as {@code bigint} and
 * {@code uuid} whatever this says.
 */
public enum IdStorage {

	/**
	 * Whatever the next level says: on the annotation, the entity's
	 * {@code time-sorted-id.entities.<Entity>.storage}, else {@code time-sorted-id.storage}; there,
	 * {@link #TEXT}.
	 */
	DEFAULT,

	/**
	 * The prefixed ID as text in a {@code varchar} of its exact length: readable in SQL, larger in
	 * every index and foreign key.
	 */
	TEXT,

	/**
	 * The body's bits without the prefix: {@code uuid} for 128-bit bodies (PostgreSQL, H2, and
	 * MariaDB for {@code uuidv7}), else {@code binary(N)} ({@code bytea} on PostgreSQL). Compact,
	 * and in creation order like the text; reading it in SQL takes the shipped SQL helpers.
	 */
	BINARY

}
