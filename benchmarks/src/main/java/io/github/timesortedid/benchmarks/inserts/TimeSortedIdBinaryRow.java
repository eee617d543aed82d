package io.github.timesortedid.benchmarks.inserts;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/**
 * {@code @TimeSortedId} with binary storage: the same {@code post_} uuidv7 text in Java as
 * {@link TimeSortedIdRow}, its body's 16 bytes in a PostgreSQL {@code uuid} column.
 */
@Entity
public class TimeSortedIdBinaryRow extends BenchRow {

	@Id
	@TimeSortedId(prefix = "post", storage = IdStorage.BINARY)
	private String id;

	public static TimeSortedIdBinaryRow create(long n) {
		return (TimeSortedIdBinaryRow) new TimeSortedIdBinaryRow().fill(n);
	}

}
