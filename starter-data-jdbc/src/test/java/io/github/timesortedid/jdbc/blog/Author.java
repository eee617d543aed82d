package io.github.timesortedid.jdbc.blog;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate whose ID is a typed ID. */
@Table
public class Author {

	@Id
	@TimeSortedId
	private AuthorId id;

	private String name;

	Author() {
	}

	public Author(String name) {
		this.name = name;
	}

	public Author(AuthorId id, String name) {
		this.id = id;
		this.name = name;
	}

	public AuthorId getId() {
		return this.id;
	}

	public String getName() {
		return this.name;
	}

}
