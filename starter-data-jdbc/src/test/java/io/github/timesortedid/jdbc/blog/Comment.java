package io.github.timesortedid.jdbc.blog;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An entity inside the {@link Post} aggregate, with an ID of its own. */
@Table
public class Comment {

	@Id
	@TimeSortedId(prefix = "cmt")
	private String id;

	private String body;

	Comment() {
	}

	public Comment(String body) {
		this.body = body;
	}

	public String getId() {
		return this.id;
	}

	public String getBody() {
		return this.body;
	}

}
