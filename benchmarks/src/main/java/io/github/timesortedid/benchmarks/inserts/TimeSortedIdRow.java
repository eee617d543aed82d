package io.github.timesortedid.benchmarks.inserts;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** {@code @TimeSortedId}: {@code post_} and a uuidv7 base32 body, {@code varchar(31) collate "C"}. */
@Entity
public class TimeSortedIdRow extends BenchRow {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	public static TimeSortedIdRow create(long n) {
		return (TimeSortedIdRow) new TimeSortedIdRow().fill(n);
	}

}
