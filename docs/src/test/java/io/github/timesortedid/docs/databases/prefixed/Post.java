package io.github.timesortedid.docs.databases.prefixed;

import java.time.LocalDateTime;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A post whose key was a {@code bigserial} and is now a prefixed ID carrying the row's creation time. */
@Entity
public class Post {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	private String title;

	private LocalDateTime createdAt;

	protected Post() {
	}

	public Post(String title) {
		this.title = title;
		this.createdAt = LocalDateTime.now();
	}

	public String getId() {
		return this.id;
	}

}
