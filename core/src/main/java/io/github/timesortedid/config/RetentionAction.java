package io.github.timesortedid.config;

/** What becomes of a partition whose rows are all older than the retention. */
public enum RetentionAction {

	/**
	 * Detach it: the rows leave the table and stay in a table of their own (named like the
	 * partition), to archive or drop when the application's owners decide.
	 */
	DETACH,

	/** Drop it: the rows are deleted, at the cost of dropping a table rather than row by row. */
	DROP

}
