package io.github.timesortedid.benchmarks.retrysafe;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** The application-assigned key: {@code post_} and a uuidv7 body, inserted with {@code insert()}. */
@Entity
public class PostRow extends Payload {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	public static PostRow create(long n) {
		PostRow row = new PostRow();
		row.fill(n);
		return row;
	}

	public String getId() {
		return this.id;
	}

	public void setId(String id) {
		this.id = id;
	}

}
