package io.github.timesortedid.compat.app;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A {@code String} key with a prefix, and a second generated column that is not the key. */
@Entity
public class Article {

	@Id
	@TimeSortedId(prefix = "art")
	private String id;

	@TimeSortedId(prefix = "share", algorithm = "random")
	private String shareCode;

	private String title;

	protected Article() {
	}

	public Article(String title) {
		this.title = title;
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

	public String getTitle() {
		return this.title;
	}

}
