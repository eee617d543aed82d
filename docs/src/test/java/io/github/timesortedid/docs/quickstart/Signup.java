package io.github.timesortedid.docs.quickstart;

import java.time.Duration;

import io.github.timesortedid.insert.RetrySafeInserter;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Opens an account with its first post, in one transaction retried as a whole. */
// tag::transaction[]
@Service
class Signup {

	private final RetryTemplate retries = new RetryTemplate(RetryPolicy.builder()
		.maxRetries(4)
		.delay(Duration.ofMillis(50))
		.multiplier(2)
		.predicate(RetrySafeInserter::isTransient)
		.build());

	private final TransactionTemplate transaction;

	private final AccountRepository accounts;

	private final PostRepository posts;

	Signup(PlatformTransactionManager transactionManager, AccountRepository accounts, PostRepository posts) {
		this.transaction = new TransactionTemplate(transactionManager);
		this.accounts = accounts;
		this.posts = posts;
	}

	Post open(Account account, Post firstPost) throws RetryException {
		// the same two objects on every run: their IDs are fixed by the first run's insert()
		return this.retries.execute(() -> this.transaction.execute(status -> {
			this.accounts.insert(account);
			firstPost.setAccountId(account.getId());
			return this.posts.insert(firstPost).entity();
		}));
	}

}
// end::transaction[]
