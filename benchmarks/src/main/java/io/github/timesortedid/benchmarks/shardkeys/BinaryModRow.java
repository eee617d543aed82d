package io.github.timesortedid.benchmarks.shardkeys;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A {@code user_} uuidv7 key stored as a {@code uuid}, spread by {@code TIME_SORTED_ID_MOD}. */
@Entity
public class BinaryModRow extends KeyRow {

	@Id
	@TimeSortedId(prefix = "user", storage = IdStorage.BINARY)
	private String id;

	/**
	 * A new row, its key not yet made.
	 * @param n the row's number
	 * @return the row
	 */
	public static BinaryModRow create(long n) {
		return (BinaryModRow) new BinaryModRow().fill(n);
	}

	@Override
	public String key() {
		return this.id;
	}

}
