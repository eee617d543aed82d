package io.github.timesortedid.benchmarks.shardkeys;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/**
 * A {@code file_} uuidv7 key stored as a {@code uuid}, spread by ShardingSphere's {@code HASH_MOD}
 * (the {@code UUID}'s {@code hashCode()}).
 */
@Entity
public class BinaryHashRow extends KeyRow {

	@Id
	@TimeSortedId(prefix = "file", storage = IdStorage.BINARY)
	private String id;

	/**
	 * A new row, its key not yet made.
	 * @param n the row's number
	 * @return the row
	 */
	public static BinaryHashRow create(long n) {
		return (BinaryHashRow) new BinaryHashRow().fill(n);
	}

	@Override
	public String key() {
		return this.id;
	}

}
