package io.github.timesortedid.jdbc;

import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.jdbc.plain.AuditedNoteJdbcConfiguration;
import io.github.timesortedid.jdbc.plain.Card;
import io.github.timesortedid.jdbc.plain.CardId;
import io.github.timesortedid.jdbc.plain.CardRepository;
import io.github.timesortedid.jdbc.plain.ColourJdbcConfiguration;
import io.github.timesortedid.jdbc.plain.ConversionsJdbcConfiguration;
import io.github.timesortedid.jdbc.plain.Note;
import io.github.timesortedid.jdbc.plain.NoteApplication;
import io.github.timesortedid.jdbc.plain.NoteJdbcConfiguration;
import io.github.timesortedid.jdbc.plain.NoteRepository;
import io.github.timesortedid.jdbc.plain.PlainNoteJdbcConfiguration;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that configures Spring Data JDBC itself, with a subclass of
 * {@link AbstractJdbcConfiguration} (as Spring Data's reference and examples show), defines the
 * {@code jdbcAggregateTemplate} bean, from which the library's template backs off. With Spring Data
 * JDBC's own template an ID minted ahead is UPDATEd and nothing is stored, so the library puts its
 * template in that bean's place, and refuses a template class of the application's own.
 */
class OwnJdbcConfigurationTests {

	private static final String DDL = "create table note (id varchar(40) primary key, text varchar(100));"
			+ "create table card (id varchar(40) primary key, colour varchar(7));"
			// where the application registers no converter for the colour, Spring Data JDBC keeps it as an entity
			+ "create table colour (card varchar(40) primary key, hex varchar(7))";

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
	void theApplicationsOwnConfigurationKeepsTypedIdsAndItsOwnConverters() throws Exception {
		for (Class<?> configuration : List.of(PlainNoteJdbcConfiguration.class, ColourJdbcConfiguration.class)) {
			DataJdbcContexts.withLibrary(notes()).withUserConfiguration(NoteApplication.class, configuration)
				.run((context) -> {
					CardRepository cards = context.getBean(CardRepository.class);
					Card card = cards.save(new Card(new Card.Colour("#ff8800")));
					assertThat(card.getId().value()).startsWith("card_");
					assertThat(cards.findById(card.getId())).hasValueSatisfying(
							(found) -> assertThat(found.getColour()).isEqualTo(new Card.Colour("#ff8800")));
					assertThat(new JdbcTemplate(context.getBean(DataSource.class))
						.queryForObject("select id from card", String.class)).isEqualTo(card.getId().value());
				});
		}
	}

	@Test
	void theDdlTypesAValueTheApplicationConvertsAsTheTypeItIsWrittenAs() throws Exception {
		DataJdbcContexts.withLibrary(notes()).withUserConfiguration(NoteApplication.class, ColourJdbcConfiguration.class)
			.run((context) -> {
				AggregateIds aggregates = context.getBean(AggregateIds.class);
				// the colour is written as the text its converter makes: a column of the card's table
				assertThat(aggregates.ddl("Card", DatabaseKind.POSTGRESQL, null))
					.contains("\"colour\" varchar(255)")
					.doesNotContain("create table \"colour\"");
				// an application's SqlTypeMapping still comes first
				assertThat(aggregates.ddl("Card", DatabaseKind.POSTGRESQL,
						(property) -> property.getName().equals("colour") ? "char(7)" : null))
					.contains("\"colour\" char(7)");
			});
	}

	@Test
	void conversionsOfTheApplicationsOwnWithoutTheTypedIdsFailStartupNamingThem() throws Exception {
		DataJdbcContexts.withLibrary(notes()).withUserConfiguration(NoteApplication.class, ConversionsJdbcConfiguration.class)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(TimeSortedIdConfigurationException.class)
				.hasMessageContaining("The bean 'jdbcCustomConversions' has no conversion for the typed IDs ["
						+ CardId.class.getName() + "]")
				.hasMessageContaining("TypedIdJdbcConverters.of("));
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
