package io.github.timesortedid.hibernate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import jakarta.persistence.CascadeType;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderColumn;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Binary storage on H2 with plain Hibernate: the attributes stay prefixed text in Java while the
 * columns, foreign keys included, hold the bodies' bytes in creation order.
 */
class BinaryStorageTests {

	@Entity(name = "Shelf")
	static class Shelf {

		@Id
		@TimeSortedId(prefix = "shelf", storage = IdStorage.BINARY)
		String id;

		String label;

		@OneToMany(mappedBy = "shelf", cascade = CascadeType.ALL)
		@OrderColumn(name = "position")
		List<Book> books = new ArrayList<>();

	}

	@Entity(name = "Book")
	static class Book {

		@Id
		@TimeSortedId(prefix = "book")
		String id;

		@TimeSortedId(prefix = "isbn", algorithm = "ksuid")
		String catalogId;

		@ManyToOne
		Shelf shelf;

		@ElementCollection
		List<String> tags = new ArrayList<>();

	}

	@Entity(name = "Ticket")
	static class Ticket {

		@Id
		@TimeSortedId(storage = IdStorage.BINARY)
		TicketId id;

		String subject;

	}

	@Entity(name = "Note")
	static class Note {

		@Id
		@TimeSortedId(prefix = "note", algorithm = "couchdb-utc-id")
		String id;

	}

	private static SessionFactory factory(Map<String, Object> properties, Class<?>... entities) {
		Map<String, Object> settings = new java.util.HashMap<>(properties);
		settings.put("time-sorted-id.typed-ids", TicketId.class.getName());
		return PlainHibernateTests.sessionFactory(settings, entities);
	}

	private static String columnType(SessionFactory factory, String table, String column) {
		return factory.fromTransaction(session -> (String) session
			.createNativeQuery("select data_type from information_schema.columns where table_name = :table "
					+ "and column_name = :column", String.class)
			.setParameter("table", table.toUpperCase())
			.setParameter("column", column.toUpperCase())
			.getSingleResult());
	}

	@Test
	void textAttributesStoreTheirBodiesBytesAndStayPrefixedInJava() {
		try (SessionFactory factory = factory(Map.of("time-sorted-id.entities.Book.storage", "binary"), Shelf.class,
				Book.class, Ticket.class)) {
			Shelf shelf = new Shelf();
			shelf.label = "fiction";
			for (int i = 0; i < 3; i++) {
				Book book = new Book();
				book.shelf = shelf;
				book.tags.add("tag" + i);
				shelf.books.add(book);
			}
			Ticket ticket = new Ticket();
			ticket.subject = "help";
			factory.inTransaction(session -> {
				session.persist(shelf);
				session.persist(ticket);
			});
			assertThat(TypeId.parse(shelf.id).prefix()).isEqualTo("shelf");
			assertThat(ticket.id.value()).startsWith("tkt_");
			assertThat(columnType(factory, "Shelf", "id")).isEqualTo("UUID");
			assertThat(columnType(factory, "Book", "id")).isEqualTo("UUID");
			assertThat(columnType(factory, "Book", "shelf_id")).isEqualTo("UUID");
			assertThat(columnType(factory, "Book_tags", "Book_id")).isEqualTo("UUID");
			assertThat(columnType(factory, "Book", "catalogId")).isEqualTo("BINARY");
			assertThat(columnType(factory, "Ticket", "id")).isEqualTo("UUID");
			// the stored value is the TypeID's UUID
			String stored = factory.fromTransaction(session -> session
				.createNativeQuery("select cast(id as varchar(36)) from Shelf", String.class).getSingleResult());
			assertThat(stored).isEqualTo(TypeId.parse(shelf.id).uuid().toString());
			Shelf loaded = factory.fromTransaction(session -> {
				Shelf found = session.find(Shelf.class, shelf.id);
				found.books.forEach(book -> book.tags.size());
				return found;
			});
			assertThat(loaded.books).extracting(book -> book.id)
				.containsExactlyElementsOf(shelf.books.stream().map(book -> book.id).toList());
			assertThat(loaded.books).extracting(book -> book.catalogId).allMatch(id -> id.startsWith("isbn_"));
			assertThat(loaded.books.get(2).tags).containsExactly("tag2");
			Ticket foundTicket = factory.fromTransaction(session -> session.find(Ticket.class, ticket.id));
			assertThat(foundTicket.subject).isEqualTo("help");
			List<String> ordered = factory.fromTransaction(session -> session
				.createSelectionQuery("select b.id from Book b order by b.id", String.class).getResultList());
			assertThat(ordered).isSorted().hasSize(3);
			List<String> byParameter = factory.fromTransaction(session -> session
				.createSelectionQuery("select b.id from Book b where b.id > :after order by b.id", String.class)
				.setParameter("after", ordered.get(0))
				.getResultList());
			assertThat(byParameter).containsExactlyElementsOf(ordered.subList(1, 3));
		}
	}

	@Test
	void anIdOfAnotherPrefixIsRefusedRatherThanMatchingNothing() {
		try (SessionFactory factory = factory(Map.of("time-sorted-id.storage", "binary"), Shelf.class, Book.class)) {
			Throwable thrown = catchThrowable(() -> factory
				.inTransaction(session -> session.find(Shelf.class, "book_01h455vb4pex5vsknk084sn02q")));
			assertThat(thrown).isInstanceOf(InvalidIdException.class).hasMessageContaining("shelf_");
		}
	}

	@Test
	void binaryStorageOfAnAlgorithmWithoutAFixedSizeBodyStopsStartupNamingTheAttribute() {
		assertThatThrownBy(() -> factory(Map.of("time-sorted-id.storage", "binary",
				"time-sorted-id.couchdb-utc-id.suffix", "@a"), Note.class).close())
			.rootCause()
			.isInstanceOf(TimeSortedIdConfigurationException.class)
			.hasMessageContaining("Entity 'Note', attribute 'id' is stored as binary (from time-sorted-id.storage)")
			.hasMessageContaining("couchdb-utc-id IDs have no fixed-size binary form");
	}

	@Test
	void theEntitysPropertyWinsOverTheAnnotation() {
		try (SessionFactory factory = factory(Map.of("time-sorted-id.entities.Shelf.storage", "text"), Shelf.class,
				Book.class)) {
			assertThat(columnType(factory, "Shelf", "id")).isEqualTo("CHARACTER VARYING");
			assertThat(columnType(factory, "Book", "shelf_id")).isEqualTo("CHARACTER VARYING");
		}
	}

}
