package io.github.timesortedid.insert;

/**
 * The outcome of a retry-safe insert: the entity as stored, whether this call created it or found
 * it already there (a retry after an ambiguous failure, or a replayed request), and how many
 * attempts it took.
 *
 * @param <T> the entity type
 */
public final class InsertResult<T> {

	private final T entity;

	private final boolean created;

	private final int attempts;

	InsertResult(T entity, boolean created, int attempts) {
		this.entity = entity;
		this.created = created;
		this.attempts = attempts;
	}

	/**
	 * Returns the entity: the one passed in if it was created, else the stored one.
	 * @return the stored entity, detached
	 */
	public T entity() {
		return this.entity;
	}

	/**
	 * Tells whether this call's INSERT created the row.
	 * @return true if created now
	 */
	public boolean created() {
		return this.created;
	}

	/**
	 * Tells whether the row was already there with the same data.
	 * @return true if it existed
	 */
	public boolean alreadyExisted() {
		return !this.created;
	}

	/**
	 * Returns the number of attempts made, the first included.
	 * @return 1 or more
	 */
	public int attempts() {
		return this.attempts;
	}

	@Override
	public String toString() {
		return (this.created ? "created " : "already existed ") + this.entity + " after " + this.attempts + " attempt(s)";
	}

}
