package io.github.timesortedid.docs.quickstart;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

// tag::entity[]
@Entity
public class Post {

	@Id
	@TimeSortedId(prefix = "post") // post_01m80nmnzpfa5rcbz5xzs3hngd
	private String id;

	@TimeSortedId(prefix = "share", algorithm = "random") // also works on a non-id column
	private String shareCode;
// end::entity[]

	@Column(length = 31)
	private String accountId;

	private String title;

	@Column(length = 10_000)
	private String body;

	protected Post() {
	}

	public Post(String accountId, String title, String body) {
		this.accountId = accountId;
		this.title = title;
		this.body = body;
	}

	public String getId() {
		return this.id;
	}

	public void setId(String id) {
		this.id = id;
	}

	public String getShareCode() {
		return this.shareCode;
	}

	public String getAccountId() {
		return this.accountId;
	}

	public void setAccountId(String accountId) {
		this.accountId = accountId;
	}

	public String getTitle() {
		return this.title;
	}

	public String getBody() {
		return this.body;
	}

// tag::entity[]
}
// end::entity[]
