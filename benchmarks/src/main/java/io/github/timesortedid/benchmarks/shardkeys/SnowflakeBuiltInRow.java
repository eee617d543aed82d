package io.github.timesortedid.benchmarks.shardkeys;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/**
 * A {@code bigint} key made by ShardingSphere's {@code SNOWFLAKE} key generator, spread by its
 * {@code MOD}: ShardingSphere fills the key column the {@code INSERT} leaves out, so to Hibernate the
 * key is {@code IDENTITY}, read back from the statement.
 */
@Entity
public class SnowflakeBuiltInRow extends KeyRow {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	/**
	 * A new row, its key not yet made.
	 * @param n the row's number
	 * @return the row
	 */
	public static SnowflakeBuiltInRow create(long n) {
		return (SnowflakeBuiltInRow) new SnowflakeBuiltInRow().fill(n);
	}

	@Override
	public Long key() {
		return this.id;
	}

}
