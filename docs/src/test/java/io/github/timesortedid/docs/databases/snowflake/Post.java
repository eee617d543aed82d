package io.github.timesortedid.docs.databases.snowflake;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A post whose {@code bigint} key came from a sequence and now comes from snowflake. */
@Entity
public class Post {

	// tag::snowflake[]
	@Id
	@TimeSortedId(algorithm = "snowflake") // was: @Id @GeneratedValue(strategy = IDENTITY)
	private Long id;
	// end::snowflake[]

	private String title;

	protected Post() {
	}

	public Post(String title) {
		this.title = title;
	}

	public Long getId() {
		return this.id;
	}

}
