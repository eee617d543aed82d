package io.github.timesortedid.jdbc;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.jdbc.plain.AuditedNoteJdbcConfiguration;
import io.github.timesortedid.jdbc.plain.Note;
import io.github.timesortedid.jdbc.plain.NoteApplication;
import io.github.timesortedid.jdbc.plain.NoteJdbcConfiguration;
import io.github.timesortedid.jdbc.plain.NoteRepository;
import io.github.timesortedid.jdbc.plain.PlainNoteJdbcConfiguration;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that configures Spring Data JDBC itself, with a subclass of
 * {@link AbstractJdbcConfiguration} (as Spring Data's reference and examples show), defines the
 * {@code jdbcAggregateTemplate} bean, from which the library's template backs off. With Spring Data
 * JDBC's own template an ID minted ahead is UPDATEd and nothing is stored, so the library puts its
 * template in that bean's place, and refuses a template class of the application's own.
 */
class OwnJdbcConfigurationTests {

	private static final String DDL = "create table note (id varchar(40) primary key, text varchar(100))";

	@Test
	void theApplicationsOwnConfigurationInsertsAnIdMintedAhead() throws Exception {
		DataJdbcContexts.withLibrary(notes()).withUserConfiguration(NoteApplication.class, PlainNoteJdbcConfiguration.class)
			.run((context) -> {
				NoteRepository notes = context.getBean(NoteRepository.class);
				assertThat(context.getBean(JdbcAggregateTemplate.class)).isInstanceOf(TimeSortedIdJdbcAggregateTemplate.class);
				assertThat(notes.save(new Note(null, "new")).getId()).startsWith("note_");
				String id = context.getBean(TimeSortedIds.class).next(Note.class);
				notes.save(new Note(id, "minted"));
				assertThat(notes.count()).isEqualTo(2);
				assertThat(notes.findById(id)).hasValueSatisfying((note) -> assertThat(note.getText()).isEqualTo("minted"));
			});
	}

	@Test
	void aTemplateClassOfTheApplicationsOwnFailsStartupSayingWhatToExtend() throws Exception {
		DataJdbcContexts.withLibrary(notes()).withUserConfiguration(NoteApplication.class, AuditedNoteJdbcConfiguration.class)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(TimeSortedIdConfigurationException.class)
				.hasMessageContaining("The bean 'jdbcAggregateTemplate' is a " + AuditedNoteJdbcConfiguration.class.getName()
						+ "$AuditedTemplate, a JdbcAggregateTemplate that is not the library's")
				.hasMessageContaining("would UPDATE a row that does not exist and store nothing"));
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
