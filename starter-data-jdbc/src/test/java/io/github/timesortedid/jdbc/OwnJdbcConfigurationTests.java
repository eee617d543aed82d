package io.github.timesortedid.jdbc;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.jdbc.plain.Note;
import io.github.timesortedid.jdbc.plain.NoteApplication;
import io.github.timesortedid.jdbc.plain.NoteJdbcConfiguration;
import io.github.timesortedid.jdbc.plain.NoteRepository;
import io.github.timesortedid.jdbc.plain.PlainNoteJdbcConfiguration;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that configures Spring Data JDBC itself, with a subclass of
 * {@link AbstractJdbcConfiguration} (as Spring Data's reference and examples show), defines the
 * {@code jdbcAggregateTemplate} bean, so the library's template backs off: new aggregates still get
 * their IDs (the callback is a bean of its own), but an ID minted ahead is UPDATEd, and nothing is
 * stored, until the configuration returns the library's template.
 */
class OwnJdbcConfigurationTests {

	private static final String DDL = "create table note (id varchar(40) primary key, text varchar(100))";

	@Test
	void theApplicationsTemplateSetsIdsButUpdatesAnIdMintedAhead() throws Exception {
		DataJdbcContexts.withLibrary(notes()).withUserConfiguration(NoteApplication.class, PlainNoteJdbcConfiguration.class)
			.run((context) -> {
				NoteRepository notes = context.getBean(NoteRepository.class);
				assertThat(context.getBean(JdbcAggregateTemplate.class)).isNotInstanceOf(TimeSortedIdJdbcAggregateTemplate.class);
				assertThat(notes.save(new Note(null, "new")).getId()).startsWith("note_");
				notes.save(new Note(context.getBean(TimeSortedIds.class).next(Note.class), "minted"));
				assertThat(notes.count()).isOne();
			});
	}

	@Test
	void theLibrarysTemplateFromTheConfigurationInsertsAnIdMintedAhead() throws Exception {
		DataJdbcContexts.withLibrary(notes()).withUserConfiguration(NoteApplication.class, NoteJdbcConfiguration.class)
			.run((context) -> {
				NoteRepository notes = context.getBean(NoteRepository.class);
				assertThat(context.getBean(JdbcAggregateTemplate.class)).isInstanceOf(TimeSortedIdJdbcAggregateTemplate.class);
				String id = context.getBean(TimeSortedIds.class).next(Note.class);
				notes.save(new Note(id, "minted"));
				assertThat(notes.findById(id)).hasValueSatisfying((note) -> assertThat(note.getText()).isEqualTo("minted"));
			});
	}

	private static DataSource notes() throws Exception {
		DataSource dataSource = Database.H2.newDatabase();
		DataJdbcContexts.create(dataSource, DDL);
		return dataSource;
	}

}
