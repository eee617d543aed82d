package io.github.timesortedid.sample;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;

/** A post of an account: {@code post_} + a uuidv7 body. */
@Entity
public class Post {

	@Id
	@TimeSortedId
	@Column(length = 31)
	private PostId id;

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	@JoinColumn(name = "account_id")
	private Account account;

	@Column(nullable = false)
	private String title;

	@Column(nullable = false, length = 10_000)
	private String body;

	protected Post() {
	}

	Post(PostId id, Account account, String title, String body) {
		this.id = id;
		this.account = account;
		this.title = title;
		this.body = body;
	}

	Post(Account account, String title, String body) {
		this.account = account;
		this.title = title;
		this.body = body;
	}

	public PostId getId() {
		return this.id;
	}

	public Account getAccount() {
		return this.account;
	}

	public String getTitle() {
		return this.title;
	}

	public String getBody() {
		return this.body;
	}

}
