package io.github.timesortedid.hibernate;

import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.hibernate.SessionFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class TypedIdAndParsingTests {

	private static final Map<String, Object> TYPED = Map.of(TypedIdTypeContributor.SETTING, TicketId.class.getName());

	private static TimeSortedIdRegistry registry(SessionFactory factory) {
		return factory.unwrap(SessionFactoryImplementor.class).getServiceRegistry().requireService(RegistryService.class).registry();
	}

	@Test
	void aTypedIdIsGeneratedStoredAsAStringAndLoadedBack() throws Exception {
		try (SessionFactory factory = PlainHibernateTests.sessionFactory(TYPED, Entities.Ticket.class)) {
			Entities.Ticket ticket = new Entities.Ticket();
			ticket.subject = "printer on fire";
			factory.inTransaction(session -> session.persist(ticket));
			assertThat(ticket.id.value()).matches("tkt_[0-7][0-9a-hjkmnp-tv-z]{25}");
			Entities.Ticket loaded = factory.fromTransaction(session -> session.find(Entities.Ticket.class, ticket.id));
			assertThat(loaded.subject).isEqualTo("printer on fire");
			assertThat(loaded.id).isEqualTo(ticket.id);
			String columnType = factory.fromSession(session -> session.doReturningWork((Connection connection) -> {
				try (ResultSet columns = connection.getMetaData().getColumns(null, null, "TICKET", "ID")) {
					columns.next();
					return columns.getString("TYPE_NAME") + "(" + columns.getInt("COLUMN_SIZE") + ")";
				}
			}));
			// the exact length of its IDs: "tkt_" and 26 characters
			assertThat(columnType).isEqualTo("CHARACTER VARYING(30)");
		}
	}

	@Test
	void aTypedIdRefusesAnotherTypesPrefixAndItsRegistryAMalformedBody() {
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> new TicketId("post_01m80nmnwae80ayc07k1xt773r"))
			.withMessageContaining("not a TicketId: expected an ID starting with 'tkt_'");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> new TicketId("tkt_"))
			.withMessageContaining("not a TicketId: expected an ID starting with 'tkt_'");
		try (SessionFactory factory = PlainHibernateTests.sessionFactory(TYPED, Entities.Ticket.class)) {
			// the type alone checks the same before and after a registry maps it; the body is the registry's business
			assertThat(new TicketId("tkt_nonsense").value()).isEqualTo("tkt_nonsense");
			assertThatExceptionOfType(InvalidIdException.class)
				.isThrownBy(() -> registry(factory).typedId(TicketId.class, "tkt_nonsense"))
				.withMessageContaining("not a TicketId: a uuidv7 body has 26 characters, not 8");
			assertThat(registry(factory).typedId(TicketId.class, "tkt_01m80nmnwae80ayc07k1xt773r").value()).startsWith("tkt_");
			Entities.Ticket assigned = new Entities.Ticket();
			assigned.id = new TicketId("tkt_nonsense");
			assertThatExceptionOfType(RuntimeException.class)
				.isThrownBy(() -> factory.inTransaction(session -> session.persist(assigned)))
				.withStackTraceContaining("a uuidv7 body has 26 characters, not 8");
		}
	}

	@Test
	void twoPersistenceUnitsWithOtherFormatsForOneTypedIdClassEachCheckTheirOwn() {
		Map<String, Object> dotted = new HashMap<>(TYPED);
		dotted.put("time-sorted-id.separator", ".");
		dotted.put("time-sorted-id.algorithm", "ulid");
		try (SessionFactory underscores = PlainHibernateTests.sessionFactory(TYPED, Entities.Ticket.class);
				SessionFactory dots = PlainHibernateTests.sessionFactory(dotted, Entities.Ticket.class)) {
			Entities.Ticket first = new Entities.Ticket();
			underscores.inTransaction(session -> session.persist(first));
			Entities.Ticket second = new Entities.Ticket();
			dots.inTransaction(session -> session.persist(second));
			// each unit made and stored its own kind, though the second was mapped after the first
			assertThat(first.id.value()).matches("tkt_[0-7][0-9a-hjkmnp-tv-z]{25}");
			assertThat(second.id.value()).matches("tkt\\.[0-7][0-9A-HJKMNP-TV-Z]{25}");
			Entities.Ticket firstLoaded = underscores.fromTransaction(session -> session.find(Entities.Ticket.class, first.id));
			Entities.Ticket secondLoaded = dots.fromTransaction(session -> session.find(Entities.Ticket.class, second.id));
			assertThat(firstLoaded).isNotNull();
			assertThat(secondLoaded).isNotNull();
			assertThat(registry(underscores).typedId(TicketId.class, first.id.value())).isEqualTo(first.id);
			assertThat(registry(dots).typedId(TicketId.class, second.id.value())).isEqualTo(second.id);
			assertThatExceptionOfType(InvalidIdException.class)
				.isThrownBy(() -> registry(underscores).typedId(TicketId.class, second.id.value()));
			assertThatExceptionOfType(InvalidIdException.class)
				.isThrownBy(() -> registry(dots).typedId(TicketId.class, first.id.value()));
		}
	}

	@Test
	void parseTellsEntityAlgorithmBodyAndInstantOfAnyId() {
		try (SessionFactory factory = PlainHibernateTests.sessionFactory(TYPED, Entities.Ticket.class, Entities.Post.class,
				Entities.Queue.class)) {
			TimeSortedIdRegistry registry = registry(factory);
			Entities.Ticket ticket = new Entities.Ticket();
			Entities.Queue queue = new Entities.Queue();
			Instant before = Instant.now().minusMillis(1);
			factory.inTransaction(session -> {
				session.persist(ticket);
				session.persist(queue);
			});
			ParsedId parsed = registry.parse(ticket.id.value());
			assertThat(parsed.entityName()).isEqualTo("Ticket");
			assertThat(parsed.prefix()).isEqualTo("tkt");
			assertThat(parsed.algorithm()).isEqualTo("uuidv7");
			assertThat(parsed.body()).isEqualTo(ticket.id.value().substring(4));
			assertThat(parsed.createdAt()).hasValueSatisfying(instant -> assertThat(instant).isBetween(before, Instant.now()));
			assertThat(parsed.value()).isEqualTo(ticket.id);
			assertThat(registry.parse(queue.id).createdAt()).isEmpty();
			assertThat(registry.parse(queue.id).entityName()).isEqualTo("Queue");

			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> registry.parse("acct_01m80nmnwae80ayc07k1xt773r"))
				.withMessageContaining("unknown prefix 'acct'; known prefixes are post, pub, queue, tkt");
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> registry.parse("01m80nmnwae80ayc07k1xt773r"))
				.withMessageContaining("no prefix followed by '_'");
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> registry.parse("tkt_01m80nmnwae80ayc07k1xt77"))
				.withMessageContaining("a uuidv7 body has 26 characters, not 24");
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> registry.parse("x".repeat(10_000)))
				.withMessageContaining("longer than any known ID");
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> registry.parse(""))
				.withMessageContaining("an ID is not empty");
		}
	}

	@Test
	void unorderedFieldsRefuseTimeQuestions() {
		try (SessionFactory factory = PlainHibernateTests.sessionFactory(Map.of(), Entities.Queue.class)) {
			IdField queue = registry(factory).field("Queue", "id").orElseThrow();
			assertThat(queue.isTimeOrdered()).isFalse();
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> queue.lowest(Instant.now()))
				.withMessage("Queue.id uses random, whose IDs carry no time: they have no creation instant, no time range "
						+ "and no creation order; use a time-ordered algorithm such as uuidv7 for that");
		}
	}

}
