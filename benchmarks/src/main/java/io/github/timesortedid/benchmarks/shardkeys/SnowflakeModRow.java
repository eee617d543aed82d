package io.github.timesortedid.benchmarks.shardkeys;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A {@code snowflake} {@code bigint} key made by the starter, spread by {@code TIME_SORTED_ID_MOD}. */
@Entity
public class SnowflakeModRow extends KeyRow {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id;

	/**
	 * A new row, its key not yet made.
	 * @param n the row's number
	 * @return the row
	 */
	public static SnowflakeModRow create(long n) {
		return (SnowflakeModRow) new SnowflakeModRow().fill(n);
	}

	@Override
	public Long key() {
		return this.id;
	}

}
