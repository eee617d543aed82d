package io.github.timesortedid.sample;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An account: {@code acct_} + a uuidv7 body. */
@Entity
public class Account {

	@Id
	@TimeSortedId
	@Column(length = 31)
	private AccountId id;

	@Column(nullable = false)
	private String name;

	protected Account() {
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
