package io.github.timesortedid.docs.quickstart;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An account that writes posts. */
@Entity
public class Account {

	@Id
	@TimeSortedId(prefix = "acct")
	private String id;

	private String name;

	protected Account() {
	}

	public Account(String name) {
		this.name = name;
	}

	public String getId() {
		return this.id;
	}

	public String getName() {
		return this.name;
	}

}
