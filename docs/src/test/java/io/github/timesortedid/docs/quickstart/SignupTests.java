package io.github.timesortedid.docs.quickstart;

import io.github.timesortedid.testsupport.CommitFault;
import io.github.timesortedid.testsupport.DataSourceWrapping;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/** The guide's transaction retried as a whole: its commit's answer is lost, and the second run finds both rows. */
@SpringBootTest(classes = { QuickstartApplication.class, SignupTests.LostCommit.class })
class SignupTests {

	static final CommitFault commits = new CommitFault();

	@Autowired
	private Signup signup;

	@Autowired
	private AccountRepository accounts;

	@Autowired
	private PostRepository posts;

	@Test
	void aLostCommitIsRetriedAndWritesNoSecondRow() throws Exception {
		long accountsBefore = this.accounts.count();
		long postsBefore = this.posts.count();
		Account account = new Account("Ada");
		Post post = new Post(null, "Hello", "First post");
		commits.arm(CommitFault.Kind.LOST);
		Post stored = this.signup.open(account, post);
		assertThat(stored.getId()).isEqualTo(post.getId());
		assertThat(stored.getAccountId()).isEqualTo(account.getId()).startsWith("acct_");
		assertThat(this.accounts.count()).isEqualTo(accountsBefore + 1);
		assertThat(this.posts.count()).isEqualTo(postsBefore + 1);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class LostCommit {

		@Bean
		static BeanPostProcessor breakCommits() {
			return DataSourceWrapping.with(commits::around);
		}

	}

}
