package io.github.timesortedid.sample;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A login session. Its token is an authorization secret, so application.yml gives it the
 * {@code random} algorithm: {@code sess_} and 128 CSPRNG bits, nothing guessable.
 */
@Table
public class Session {

	@Id
	@TimeSortedId
	private SessionId token;

	private AggregateReference<Account, AccountId> account;

	Session() {
	}

	Session(Account account) {
		this.account = AggregateReference.to(account.getId());
	}

	public SessionId getToken() {
		return this.token;
	}

	public AggregateReference<Account, AccountId> getAccount() {
		return this.account;
	}

}
