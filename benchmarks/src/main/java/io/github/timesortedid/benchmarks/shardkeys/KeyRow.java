package io.github.timesortedid.benchmarks.shardkeys;

import jakarta.persistence.MappedSuperclass;

/** What every row of the sharding-key pairs holds beside its key: a title and a body, as {@code ShardedRow}. */
@MappedSuperclass
public abstract class KeyRow {

	private String title;

	private String body;

	/**
	 * Fills the row's columns for its number.
	 * @param n the row's number in its case
	 * @return this row
	 */
	protected KeyRow fill(long n) {
		this.title = "row " + n;
		this.body = "the body of row " + n + ", long enough to be a little more than a key";
		return this;
	}

	/**
	 * Returns the row's key.
	 * @return the key, once the row is stored
	 */
	public abstract Object key();

}
