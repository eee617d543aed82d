package io.github.timesortedid.docs.databases.recommended;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An account, on a table made by hand. */
@Entity
public class Account {

	@Id
	@TimeSortedId(prefix = "acct")
	private String id;

	@Column(nullable = false)
	private String name;

	protected Account() {
	}

	public Account(String name) {
		this.name = name;
	}

	public String getId() {
		return this.id;
	}

}
