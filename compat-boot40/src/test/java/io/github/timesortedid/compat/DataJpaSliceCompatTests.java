package io.github.timesortedid.compat;

import io.github.timesortedid.compat.app.Article;
import io.github.timesortedid.compat.app.ArticleRepository;
import io.github.timesortedid.compat.app.CompatApplication;
import io.github.timesortedid.compat.app.Ticket;
import io.github.timesortedid.compat.app.TicketRepository;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jpa.test.autoconfigure.TestEntityManager;
import org.springframework.test.context.ContextConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/** Spring Boot 4.0's JPA slice imports the auto-configuration through the same imports file as 4.1's. */
@DataJpaTest(properties = "time-sorted-id.entities.Ticket.algorithm=ulid")
@ContextConfiguration(classes = CompatApplication.class)
class DataJpaSliceCompatTests {

	@Autowired
	private ArticleRepository articles;

	@Autowired
	private TicketRepository tickets;

	@Autowired
	private TestEntityManager entityManager;

	@Autowired
	private TimeSortedIdRegistry registry;

	@Test
	void theSliceGivesEntitiesTheirKeys() {
		Ticket ticket = this.tickets.save(new Ticket("Slice"));
		this.entityManager.flush();
		this.entityManager.clear();
		assertThat(ticket.getId().value()).matches("tkt_[0-9A-HJKMNP-TV-Z]{26}");
		assertThat(this.entityManager.find(Ticket.class, ticket.getId()).getSubject()).isEqualTo("Slice");
		assertThat(this.registry.field("Ticket", "id").orElseThrow().format().algorithm().name()).isEqualTo("ulid");
	}

	@Test
	void anInsertJoinsTheTestsTransaction() {
		InsertResult<Article> result = this.articles.insert(new Article("In the slice"));
		assertThat(result.created()).isTrue();
		this.entityManager.clear();
		assertThat(this.entityManager.find(Article.class, result.entity().getId()).getTitle()).isEqualTo("In the slice");
	}

}
