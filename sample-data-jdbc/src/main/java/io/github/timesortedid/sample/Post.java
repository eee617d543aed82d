package io.github.timesortedid.sample;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A post of an account: {@code post_} + a uuidv7 body. An aggregate of its own that refers to its
 * account by ID, not by holding it: the account lives and is loaded on its own.
 */
@Table
public class Post {

	@Id
	@TimeSortedId
	private PostId id;

	private AggregateReference<Account, AccountId> account;

	private String title;

	private String body;

	Post() {
	}

	Post(PostId id, Account account, String title, String body) {
		this.id = id;
		this.account = AggregateReference.to(account.getId());
		this.title = title;
		this.body = body;
	}

	Post(Account account, String title, String body) {
		this(null, account, title, body);
	}

	public PostId getId() {
		return this.id;
	}

	/**
	 * The account's ID as a reference; named {@code account} like the JPA entity's association, so
	 * that a conflicting retry names the same field ({@code ApiExceptionHandler}).
	 * @return the reference to the account
	 */
	public AggregateReference<Account, AccountId> getAccount() {
		return this.account;
	}

	public String getTitle() {
		return this.title;
	}

	public String getBody() {
		return this.body;
	}

}
