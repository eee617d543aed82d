package io.github.timesortedid.sample;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;

/**
 * A login session. Its token is an authorization secret, so application.yml gives it the
 * {@code random} algorithm: {@code sess_} and 128 CSPRNG bits, nothing guessable.
 */
@Entity
public class Session {

	@Id
	@TimeSortedId
	private SessionId token;

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	@JoinColumn(name = "account_id")
	private Account account;

	protected Session() {
	}

	Session(Account account) {
		this.account = account;
	}

	public SessionId getToken() {
		return this.token;
	}

	public Account getAccount() {
		return this.account;
	}

}
