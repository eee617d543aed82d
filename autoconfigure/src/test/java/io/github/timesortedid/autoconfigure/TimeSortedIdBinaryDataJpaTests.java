package io.github.timesortedid.autoconfigure;

import java.util.List;
import java.util.Map;

import io.github.timesortedid.autoconfigure.fixtures.blog.Account;
import io.github.timesortedid.autoconfigure.fixtures.blog.AccountRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.BlogApplication;
import io.github.timesortedid.autoconfigure.fixtures.blog.Post;
import io.github.timesortedid.autoconfigure.fixtures.blog.PostRepository;
import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.insert.InsertResult;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jpa.test.autoconfigure.TestEntityManager;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ContextConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code @DataJpaTest} slice with {@code time-sorted-id.storage=binary}: repositories take and
 * return the prefixed text while the columns hold UUIDs and bytes.
 */
@DataJpaTest(properties = "time-sorted-id.storage=binary")
@ContextConfiguration(classes = BlogApplication.class)
class TimeSortedIdBinaryDataJpaTests {

	@Autowired
	private AccountRepository accounts;

	@Autowired
	private PostRepository posts;

	@Autowired
	private TestEntityManager entityManager;

	@Autowired
	private JdbcTemplate jdbc;

	@Test
	void repositoriesSeePrefixedTextAndTheColumnsHoldBytes() {
		Account account = this.accounts.save(new Account("Grace"));
		Post post = this.posts.save(new Post("hello"));
		this.entityManager.flush();
		this.entityManager.clear();
		assertThat(account.getId()).startsWith("acct_");
		assertThat(this.accounts.findById(account.getId())).get().extracting(Account::getName).isEqualTo("Grace");
		assertThat(this.posts.findAllById(List.of(post.getId()))).extracting(Post::getTitle).containsExactly("hello");
		assertThat(this.posts.findById(post.getId()).orElseThrow().getShareCode()).startsWith("share_");
		Map<String, Object> row = this.jdbc.queryForMap("select cast(id as varchar(36)) as id, share_code from post");
		assertThat(row.get("ID")).isEqualTo(TypeId.parse(post.getId()).uuid().toString());
		assertThat(this.jdbc.queryForObject("select data_type from information_schema.columns where table_name = 'POST' "
				+ "and column_name = 'SHARE_CODE'", String.class)).isEqualTo("UUID");
	}

	@Test
	void aReplayedRetrySafeInsertFindsTheStoredRow() {
		Post first = new Post("same");
		InsertResult<Post> created = this.posts.insert(first);
		this.entityManager.flush();
		this.entityManager.clear();
		Post replay = new Post("same");
		replay.setId(first.getId());
		InsertResult<Post> again = this.posts.insert(replay);
		assertThat(created.created()).isTrue();
		assertThat(again.created()).isFalse();
		assertThat(again.entity().getId()).isEqualTo(first.getId());
	}

}
