package io.github.timesortedid.benchmarks.inserts;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** {@code @TimeSortedId(algorithm = "snowflake")}: a {@code bigint} made by the application. */
@Entity
public class SnowflakeRow extends BenchRow {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id;

	public static SnowflakeRow create(long n) {
		return (SnowflakeRow) new SnowflakeRow().fill(n);
	}

}
