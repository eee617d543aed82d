package io.github.timesortedid.compat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;

import io.github.timesortedid.compat.app.Article;
import io.github.timesortedid.compat.app.ArticleRepository;
import io.github.timesortedid.compat.app.Attachment;
import io.github.timesortedid.compat.app.AttachmentRepository;
import io.github.timesortedid.compat.app.CompatApplication;
import io.github.timesortedid.compat.app.Reading;
import io.github.timesortedid.compat.app.ReadingRepository;
import io.github.timesortedid.compat.app.SettableClock;
import io.github.timesortedid.compat.app.Ticket;
import io.github.timesortedid.compat.app.TicketRepository;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.query.TimeRangeRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.jpa.repository.JpaRepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Parsing any ID and loading what it names, and time-range queries, through Hibernate 7.2's
 * queries. The clock is only ever set forward, to instants after the context started: a generator
 * whose clock steps back counts on from the last instant it used, so IDs "made" in the past would
 * carry the time of the IDs made at startup. A context of its own (no web server), so that the
 * future instants stay out of the other tests' IDs.
 */
@SpringBootTest(classes = CompatApplication.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QueryCompatTests {

	/** A day after the tests start, in whole seconds. */
	private static final Instant START = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(1, ChronoUnit.DAYS);

	@Autowired
	private SettableClock clock;

	@Autowired
	private IdResolver resolver;

	@Autowired
	private ArticleRepository articles;

	@Autowired
	private TicketRepository tickets;

	@Autowired
	private ReadingRepository readings;

	@Autowired
	private AttachmentRepository attachments;

	@AfterEach
	void systemClock() {
		this.clock.set(null);
	}

	@Test
	@Order(2)
	void anyIdTellsItsEntityAndInstantAndLoadsWhatItNames() {
		Instant instant = START.plus(10, ChronoUnit.DAYS).plusMillis(123);
		this.clock.set(instant);
		Article article = this.articles.save(new Article("Parsed"));
		Ticket ticket = this.tickets.save(new Ticket("Parsed"));

		ParsedId parsed = this.resolver.parse(article.getId());
		assertThat(parsed.entityName()).isEqualTo("Article");
		assertThat(parsed.prefix()).isEqualTo("art");
		assertThat(parsed.algorithm()).isEqualTo("uuidv7");
		assertThat(parsed.createdAt()).contains(instant);
		assertThat(this.resolver.parse(ticket.getId().value()).value()).isEqualTo(ticket.getId());

		assertThat(this.resolver.find(article.getId())).hasValueSatisfying(
				(found) -> assertThat(((Article) found).getTitle()).isEqualTo("Parsed"));
		assertThat(this.resolver.find(ticket.getId().value(), Ticket.class).map(Ticket::getSubject)).contains("Parsed");
		assertThat(this.resolver.find("art_01m80m8fdeefn8sbsertbdp6n0")).isEmpty();
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> this.resolver.find(article.getId(), Ticket.class))
			.withMessageContaining("an ID of Article, not of Ticket");
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> this.resolver.parse("acct_01m80m8fdeefn8sbsertbdp6n0"))
			.withMessageContaining("unknown prefix 'acct'");
	}

	@Test
	@Order(1)
	void timeRangesAreExactAtTheirBoundariesForEveryKeyType() {
		Instant base = START;
		check(base, this.articles, (i) -> new Article("" + i), Article::getTitle, Article::getId);
		check(base.plus(1, ChronoUnit.DAYS), this.tickets, (i) -> new Ticket("" + i), Ticket::getSubject, Ticket::getId);
		check(base.plus(2, ChronoUnit.DAYS), this.readings, Reading::new, (r) -> "" + (int) r.getCelsius(), Reading::getId);
		check(base.plus(3, ChronoUnit.DAYS), this.attachments, (i) -> new Attachment("" + i), Attachment::getFileName,
				Attachment::getId);
	}

	/**
	 * Saves five entities at {@code from - 1ms, from, from + 5ms, to, to + 1ms} and queries
	 * {@code [from, to)}: the labels are the indexes 0 to 4.
	 */
	private <T, ID> void check(Instant from, JpaRepository<T, ID> repository, IntFunction<T> factory,
			Function<T, String> label, Function<T, ID> idOf) {
		Instant to = from.plusMillis(10);
		List<Instant> instants = List.of(from.minusMillis(1), from, from.plusMillis(5), to, to.plusMillis(1));
		List<ID> ids = new ArrayList<>();
		for (int i = 0; i < instants.size(); i++) {
			this.clock.set(instants.get(i));
			ids.add(idOf.apply(repository.save(factory.apply(i))));
		}
		this.clock.set(null);
		@SuppressWarnings("unchecked")
		TimeRangeRepository<T, ID> ranges = (TimeRangeRepository<T, ID>) repository;
		String what = repository.getClass().getInterfaces()[0].getSimpleName();
		assertThat(ranges.findCreatedBetween(from, to)).as(what).map(label).containsExactly("1", "2");
		assertThat(ranges.findCreatedBetween(from, to.plusMillis(1))).as(what).map(label).containsExactly("1", "2", "3");
		assertThat(ranges.findPageAfter(ids.get(1), 2)).as(what).map(label).containsExactly("2", "3");
		assertThat(ranges.findPageBefore(ids.get(3), 2)).as(what).map(label).containsExactly("2", "1");
	}

}
