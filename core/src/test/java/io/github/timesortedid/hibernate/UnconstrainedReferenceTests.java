package io.github.timesortedid.hibernate;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.ConstraintMode;
import jakarta.persistence.Entity;
import jakarta.persistence.ForeignKey;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A column that holds another entity's ID without a foreign key constraint, as a reference to a row
 * on another shard has ({@code @ForeignKey(ConstraintMode.NO_CONSTRAINT)}), is shaped as the ID
 * column it references: Hibernate makes no foreign key object for it, which is where the shaping
 * used to look. Read back from H2's catalog after Hibernate created the tables.
 */
class UnconstrainedReferenceTests {

	@Test
	void referencesWithoutAConstraintGetTheLengthOfTheIdTheyHold() throws Exception {
		try (SessionFactory factory = PlainHibernateTests.sessionFactory(Map.of(), Shelf.class, Book.class)) {
			List<String> columns = factory.fromSession(session -> session.doReturningWork(UnconstrainedReferenceTests::columns));
			// shelf_ + 26 and book_ + 26 characters, as the ID columns themselves
			assertThat(columns).contains("SHELF.ID CHARACTER VARYING(32)", "BOOK.ID CHARACTER VARYING(31)",
					"BOOK.SHELF_ID CHARACTER VARYING(32)", "BOOK.ON_SHELF_ID CHARACTER VARYING(32)",
					"BOOK_RELATED.BOOK_ID CHARACTER VARYING(31)", "BOOK_RELATED.RELATED_ID CHARACTER VARYING(31)");
			long constraints = factory.fromSession(session -> session.doReturningWork(
					connection -> count(connection, "SELECT count(*) FROM information_schema.referential_constraints")));
			assertThat(constraints).as("foreign key constraints").isZero();
		}
	}

	private static List<String> columns(Connection connection) throws SQLException {
		List<String> columns = new ArrayList<>();
		try (ResultSet rows = connection.getMetaData().getColumns(null, "PUBLIC", "%", "%")) {
			while (rows.next()) {
				columns.add(rows.getString("TABLE_NAME") + "." + rows.getString("COLUMN_NAME") + " "
						+ rows.getString("TYPE_NAME") + "(" + rows.getInt("COLUMN_SIZE") + ")");
			}
		}
		return columns;
	}

	private static long count(Connection connection, String sql) throws SQLException {
		try (ResultSet result = connection.createStatement().executeQuery(sql)) {
			result.next();
			return result.getLong(1);
		}
	}

	@Entity(name = "Shelf")
	static class Shelf {

		@Id
		@TimeSortedId(prefix = "shelf")
		String id;

		// a collection's key without a constraint: the book's on_shelf_id column
		@OneToMany
		@JoinColumn(name = "on_shelf_id", foreignKey = @ForeignKey(ConstraintMode.NO_CONSTRAINT))
		List<Book> books = new ArrayList<>();

	}

	@Entity(name = "Book")
	static class Book {

		@Id
		@TimeSortedId(prefix = "book")
		String id;

		// the shelf may be in another database: no constraint
		@ManyToOne
		@JoinColumn(name = "shelf_id", foreignKey = @ForeignKey(ConstraintMode.NO_CONSTRAINT))
		Shelf shelf;

		@ManyToMany
		@JoinTable(name = "book_related", joinColumns = @JoinColumn(name = "book_id"),
				inverseJoinColumns = @JoinColumn(name = "related_id"),
				foreignKey = @ForeignKey(ConstraintMode.NO_CONSTRAINT),
				inverseForeignKey = @ForeignKey(ConstraintMode.NO_CONSTRAINT))
		List<Book> related = new ArrayList<>();

	}

}
