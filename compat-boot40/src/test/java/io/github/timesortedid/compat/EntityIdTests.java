package io.github.timesortedid.compat;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.compat.app.Article;
import io.github.timesortedid.compat.app.ArticleRepository;
import io.github.timesortedid.compat.app.Attachment;
import io.github.timesortedid.compat.app.AttachmentRepository;
import io.github.timesortedid.compat.app.CompatApplication;
import io.github.timesortedid.compat.app.Reading;
import io.github.timesortedid.compat.app.ReadingRepository;
import io.github.timesortedid.compat.app.Ticket;
import io.github.timesortedid.compat.app.TicketRepository;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.InvalidDataAccessApiUsageException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Hibernate 7.2 calls the generator for every key type, and for a generated column that is not a key. */
@SpringBootTest(classes = CompatApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EntityIdTests {

	@Autowired
	private ArticleRepository articles;

	@Autowired
	private TicketRepository tickets;

	@Autowired
	private ReadingRepository readings;

	@Autowired
	private AttachmentRepository attachments;

	@Autowired
	private TimeSortedIdRegistry registry;

	@Test
	void stringTypedLongAndUuidKeysAreAssignedWhenSaved() {
		Article article = this.articles.save(new Article("Hello"));
		Ticket ticket = this.tickets.save(new Ticket("Printer on fire"));
		Reading reading = this.readings.save(new Reading(21.5));
		Attachment attachment = this.attachments.save(new Attachment("report.pdf"));

		assertThat(TypeId.parse(article.getId()).prefix()).isEqualTo("art");
		assertThat(TypeId.parse(article.getId()).uuid().version()).isEqualTo(7);
		assertThat(article.getShareCode()).matches("share_[0-9A-Za-z]{22}");
		assertThat(ticket.getId().value()).matches("tkt_[0-7][0-9a-hjkmnp-tv-z]{25}");
		assertThat((reading.getId() >> 12) & 0x3FF).as("snowflake node").isEqualTo(7);
		assertThat(attachment.getId().version()).isEqualTo(7);

		assertThat(this.articles.findById(article.getId()).orElseThrow().getShareCode()).isEqualTo(article.getShareCode());
		assertThat(this.tickets.findById(ticket.getId()).orElseThrow().getSubject()).isEqualTo("Printer on fire");
		assertThat(this.readings.findById(reading.getId()).orElseThrow().getCelsius()).isEqualTo(21.5);
		assertThat(this.attachments.findById(attachment.getId()).orElseThrow().getFileName()).isEqualTo("report.pdf");
		assertThat(this.registry.fields()).hasSize(7);
	}

	@Test
	void keysOfOneEntityIncreaseInInsertOrder() {
		List<String> ids = new ArrayList<>();
		List<Long> numbers = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			ids.add(this.articles.save(new Article("a" + i)).getId());
			numbers.add(this.readings.save(new Reading(i)).getId());
		}
		assertThat(ids).isSorted().doesNotHaveDuplicates();
		assertThat(numbers).isSorted().doesNotHaveDuplicates();
	}

	@Test
	void anAssignedKeyIsKeptAfterACheckAndAForeignOneIsRefused() {
		String chosen = this.registry.field("Article", "id").orElseThrow().format().next();
		Article article = new Article("chosen");
		article.setId(chosen);
		assertThat(this.articles.save(article).getId()).isEqualTo(chosen);
		assertThat(this.articles.findById(chosen)).isPresent();

		Article foreign = new Article("foreign");
		foreign.setId("tkt_01m80m8fdeefn8sbsertbdp6n0");
		assertThatExceptionOfType(InvalidDataAccessApiUsageException.class).isThrownBy(() -> this.articles.insert(foreign))
			.withCauseInstanceOf(InvalidIdException.class)
			.withMessageContaining("expected an ID starting with 'art_'");
	}

}
