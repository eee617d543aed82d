package io.github.timesortedid.benchmarks.shardkeys;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A {@code page_} uuidv7 text key, spread by {@code TIME_SORTED_ID_MOD}. */
@Entity
public class TextModRow extends KeyRow {

	@Id
	@TimeSortedId(prefix = "page")
	private String id;

	/**
	 * A new row, its key not yet made.
	 * @param n the row's number
	 * @return the row
	 */
	public static TextModRow create(long n) {
		return (TextModRow) new TextModRow().fill(n);
	}

	@Override
	public String key() {
		return this.id;
	}

}
