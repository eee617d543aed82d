package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.autoconfigure.fixtures.blog.Account;
import io.github.timesortedid.autoconfigure.fixtures.blog.AccountRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.BlogApplication;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jpa.test.autoconfigure.TestEntityManager;
import org.springframework.test.context.ContextConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/** The slice imports the auto-configuration through AutoConfigureDataJpa.imports. */
@DataJpaTest(properties = "time-sorted-id.entities.Account.algorithm=ulid")
@ContextConfiguration(classes = BlogApplication.class)
class TimeSortedIdDataJpaTests {

	@Autowired
	private AccountRepository accounts;

	@Autowired
	private TestEntityManager entityManager;

	@Autowired
	private TimeSortedIdRegistry registry;

	@Test
	void theSliceGivesEntitiesTheirIds() {
		Account account = this.accounts.save(new Account("Grace"));
		this.entityManager.flush();
		this.entityManager.clear();
		assertThat(account.getId()).matches("acct_[0-9A-HJKMNP-TV-Z]{26}");
		assertThat(this.entityManager.find(Account.class, account.getId()).getName()).isEqualTo("Grace");
		assertThat(this.registry.field("Account", "id").orElseThrow().format().algorithm().name()).isEqualTo("ulid");
	}

}
