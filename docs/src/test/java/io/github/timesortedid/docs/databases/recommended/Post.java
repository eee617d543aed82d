package io.github.timesortedid.docs.databases.recommended;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

/** A post, on a table made by hand. */
@Entity
public class Post {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	@ManyToOne(optional = false)
	private Account account;

	@Column(nullable = false)
	private String title;

	@Column(nullable = false, length = 10_000)
	private String body;

	protected Post() {
	}

	public Post(Account account, String title, String body) {
		this.account = account;
		this.title = title;
		this.body = body;
	}

	public String getId() {
		return this.id;
	}

}
