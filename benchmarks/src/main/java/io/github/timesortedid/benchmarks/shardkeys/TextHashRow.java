package io.github.timesortedid.benchmarks.shardkeys;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/**
 * A {@code post_} uuidv7 text key, spread by ShardingSphere's {@code HASH_MOD} (its
 * {@code String.hashCode()}).
 */
@Entity
public class TextHashRow extends KeyRow {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	/**
	 * A new row, its key not yet made.
	 * @param n the row's number
	 * @return the row
	 */
	public static TextHashRow create(long n) {
		return (TextHashRow) new TextHashRow().fill(n);
	}

	@Override
	public String key() {
		return this.id;
	}

}
