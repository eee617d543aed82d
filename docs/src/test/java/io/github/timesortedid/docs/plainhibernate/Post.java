package io.github.timesortedid.docs.plainhibernate;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A post of the plain Hibernate example. */
@Entity
public class Post {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	private String title;

	protected Post() {
	}

	public Post(String title) {
		this.title = title;
	}

	public String getId() {
		return this.id;
	}

}
