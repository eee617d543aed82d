package io.github.timesortedid.insert;

/**
 * Told how each retry-safe insert ended, e.g. to count outcomes as metrics. Called once per
 * {@link RetrySafeInserter#insert} or {@link RetrySafeAggregateInserter#insert} call, on the calling
 * thread, after the last attempt.
 */
@FunctionalInterface
public interface InsertObserver {

	/** An observer that does nothing. */
	InsertObserver NONE = (entityName, outcome, attempts) -> {
	};

	/**
	 * Reports the end of one insert.
	 * @param entityName the entity name of the inserted entity: JPA's, or the simple class name of a
	 * Spring Data JDBC aggregate root
	 * @param outcome how it ended
	 * @param attempts how many attempts it took, 1 or more
	 */
	void completed(String entityName, Outcome outcome, int attempts);

	/** How a retry-safe insert ended. */
	enum Outcome {

		/** The row was inserted by this call. */
		CREATED,

		/** A row with the ID and the same data was already stored: an earlier attempt or request went through. */
		ALREADY_EXISTED,

		/** A row with the ID was stored with other data ({@link InsertConflictException}). */
		CONFLICT,

		/** Any other failure, after the last attempt for transient ones. */
		FAILED;

		/**
		 * Returns the name as a metric tag value, e.g. {@code already_existed}.
		 * @return the lowercase name
		 */
		public String tagValue() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}

	}

}
