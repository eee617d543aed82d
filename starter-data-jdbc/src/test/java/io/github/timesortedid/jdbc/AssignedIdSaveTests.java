package io.github.timesortedid.jdbc;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.jdbc.plain.Note;
import io.github.timesortedid.jdbc.plain.NoteApplication;
import io.github.timesortedid.jdbc.plain.NoteRepository;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.StatementCounter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A new aggregate whose ID the application minted ahead: plain Spring Data JDBC takes it for a stored
 * one and UPDATEs a row that is not there, which in Spring Data JDBC 4.0 and 4.1 (spring-data-relational
 * #2176) is not even an error: {@code save} returns and nothing is stored. With the library it is
 * INSERTed.
 */
class AssignedIdSaveTests {

	private static final String DDL = "create table note (id varchar(40) primary key, text varchar(100))";

	@ParameterizedTest
	@EnumSource(Database.class)
	void plainSpringDataJdbcUpdatesTheRowThatIsNotThere(Database database) throws Exception {
		StatementCounter statements = new StatementCounter();
		DataJdbcContexts.plain(notes(database, statements)).withUserConfiguration(NoteApplication.class).run(context -> {
			NoteRepository notes = context.getBean(NoteRepository.class);
			Note saved = notes.save(new Note("note_01jh0000000000000000000000", "hello"));
			assertThat(saved.getId()).isEqualTo("note_01jh0000000000000000000000");
			assertThat(statements.count("update")).isOne();
			assertThat(statements.count("insert")).isZero();
			assertThat(notes.count()).isZero();
		});
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void withTheLibraryAMintedIdIsInserted(Database database) throws Exception {
		StatementCounter statements = new StatementCounter();
		// the database has the notes' table alone, not the cards' of the same package
		DataJdbcContexts.withLibrary(notes(database, statements))
			.withPropertyValues("time-sorted-id.schema-check.enabled=false")
			.withUserConfiguration(NoteApplication.class)
			.run(context -> {
			NoteRepository notes = context.getBean(NoteRepository.class);
			// tag::minted[]
			String id = context.getBean(TimeSortedIds.class).next(Note.class);
			Note saved = notes.save(new Note(id, "hello")); // an INSERT
			// end::minted[]
			assertThat(saved.getId()).isEqualTo(id).startsWith("note_");
			// one look-up by the ID, then the INSERT
			assertThat(statements.count("select")).isOne();
			assertThat(statements.count("insert")).isOne();
			assertThat(statements.count("update")).isZero();
			assertThat(notes.findById(id)).hasValueSatisfying(note -> assertThat(note.getText()).isEqualTo("hello"));
			// saved again, it is the stored row: an UPDATE, still one row
			notes.save(new Note(id, "changed"));
			assertThat(notes.count()).isOne();
			assertThat(notes.findById(id).orElseThrow().getText()).isEqualTo("changed");
		});
	}

	private static DataSource notes(Database database, StatementCounter statements) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource, DDL);
		return statements.around(dataSource);
	}

}
