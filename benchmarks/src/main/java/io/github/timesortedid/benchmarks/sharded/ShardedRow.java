package io.github.timesortedid.benchmarks.sharded;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A row of the sharded benchmark: {@code post_} and a uuidv7 body, a title and a body. */
@Entity
public class ShardedRow {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	private String title;

	private String body;

	public static ShardedRow create(long n) {
		ShardedRow row = new ShardedRow();
		row.title = "row " + n;
		row.body = "the body of row " + n + ", long enough to be a little more than a key";
		return row;
	}

	public String getId() {
		return this.id;
	}

}
