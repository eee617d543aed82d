package io.github.timesortedid.autoconfigure;

import java.util.List;

import io.github.timesortedid.autoconfigure.fixtures.blog.Account;
import io.github.timesortedid.autoconfigure.fixtures.blog.AccountRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.BlogApplication;
import io.github.timesortedid.autoconfigure.fixtures.blog.Document;
import io.github.timesortedid.autoconfigure.fixtures.blog.DocumentRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.Post;
import io.github.timesortedid.autoconfigure.fixtures.blog.PostRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.Session;
import io.github.timesortedid.autoconfigure.fixtures.blog.SessionRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.Tweet;
import io.github.timesortedid.autoconfigure.fixtures.blog.TweetRepository;
import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(classes = BlogApplication.class,
		properties = { "time-sorted-id.entities.Session.prefix=sess", "time-sorted-id.entities.Session.algorithm=random",
				"time-sorted-id.snowflake.node-id=9" })
class TimeSortedIdSpringBootTests {

	@Autowired
	private AccountRepository accounts;

	@Autowired
	private PostRepository posts;

	@Autowired
	private SessionRepository sessions;

	@Autowired
	private TweetRepository tweets;

	@Autowired
	private DocumentRepository documents;

	@Autowired
	private TimeSortedIdRegistry registry;

	@Test
	void repositoriesSaveEntitiesWithTheirConfiguredIds() {
		Account account = this.accounts.save(new Account("Ada"));
		Post post = this.posts.save(new Post("Hello"));
		Session session = this.sessions.save(new Session());
		Tweet tweet = this.tweets.save(new Tweet());
		Document document = this.documents.save(new Document());

		assertThat(TypeId.parse(account.getId()).prefix()).isEqualTo("acct");
		assertThat(TypeId.parse(post.getId()).uuid().version()).isEqualTo(7);
		assertThat(post.getShareCode()).matches("share_[0-9A-Za-z]{22}");
		assertThat(session.getToken()).matches("sess_[0-9A-Za-z]{22}");
		assertThat((tweet.getId() >> 12) & 0x3FF).isEqualTo(9);
		assertThat(document.getId().version()).isEqualTo(7);
		assertThat(this.posts.findById(post.getId()).orElseThrow().getShareCode()).isEqualTo(post.getShareCode());
		assertThat(this.registry.fields()).hasSize(7);
	}

	@Test
	void idsOfOneEntityAreStrictlyIncreasingInInsertOrder() {
		List<Account> saved = this.accounts
			.saveAll(List.of(new Account("a"), new Account("b"), new Account("c"), new Account("d")));
		for (int i = 1; i < saved.size(); i++) {
			assertThat(saved.get(i).getId()).isGreaterThan(saved.get(i - 1).getId());
		}
	}

}
