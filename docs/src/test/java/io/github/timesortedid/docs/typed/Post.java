package io.github.timesortedid.docs.typed;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

// tag::entity[]
@Entity
public class Post {

	@Id
	@TimeSortedId
	private PostId id; // prefix from @IdPrefix
// end::entity[]

	private String title;

	protected Post() {
	}

	public Post(String title) {
		this.title = title;
	}

	public PostId getId() {
		return this.id;
	}

	public void setId(PostId id) {
		this.id = id;
	}

	public String getTitle() {
		return this.title;
	}

// tag::entity[]
}
// end::entity[]
