package io.github.timesortedid.docs.json;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

// tag::tweet[]
@Entity
public class Tweet {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id; // {"id":"2124591150973530270"}
// end::tweet[]

	private String text;

	protected Tweet() {
	}

	public Tweet(String text) {
		this.text = text;
	}

	public Long getId() {
		return this.id;
	}

	public String getText() {
		return this.text;
	}

// tag::tweet[]
}
// end::tweet[]
