package io.github.timesortedid.sample;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An account, an aggregate of its own: {@code acct_} + a uuidv7 body. */
@Table
public class Account {

	@Id
	@TimeSortedId
	private AccountId id;

	private String name;

	Account() {
	}

	Account(String name) {
		this.name = name;
	}

	public AccountId getId() {
		return this.id;
	}

	public String getName() {
		return this.name;
	}

}
