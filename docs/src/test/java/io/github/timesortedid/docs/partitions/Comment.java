package io.github.timesortedid.docs.partitions;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

// tag::entity[]
@Entity
public class Comment {

	@Id
	@TimeSortedId(prefix = "cmt")
	private String id;

	@ManyToOne(optional = false)             // a foreign key to the partitioned post table
	private Post post;

	private String text;

	// end::entity[]
	protected Comment() {
	}

	public Comment(Post post, String text) {
		this.post = post;
		this.text = text;
	}

	public String getId() {
		return this.id;
	}

	// tag::entity[]
}
// end::entity[]
