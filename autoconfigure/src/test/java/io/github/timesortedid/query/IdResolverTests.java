package io.github.timesortedid.query;

import java.time.Instant;

import io.github.timesortedid.autoconfigure.fixtures.timeline.Event;
import io.github.timesortedid.autoconfigure.fixtures.timeline.EventRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Note;
import io.github.timesortedid.autoconfigure.fixtures.timeline.NoteId;
import io.github.timesortedid.autoconfigure.fixtures.timeline.NoteRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Token;
import io.github.timesortedid.autoconfigure.fixtures.timeline.TokenRepository;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class IdResolverTests {

	@ParameterizedTest
	@ValueSource(strings = { "text", "binary" })
	void anyIdTellsItsTypeAlgorithmBodyAndInstantAndLoadsFromTheRightTable(String storage) {
		TimelineContext timeline = TimelineContext.start(Database.H2, storage);
		try (var context = timeline.context) {
			Instant instant = Instant.parse("2026-04-01T12:00:00.123Z");
			timeline.clock.set(instant);
			Event event = context.getBean(EventRepository.class).save(new Event("launch"));
			Note note = context.getBean(NoteRepository.class).save(new Note("remember"));
			Token token = context.getBean(TokenRepository.class).save(new Token("secret"));
			IdResolver resolver = context.getBean(IdResolver.class);

			ParsedId parsed = resolver.parse(event.getId());
			assertThat(parsed.entityName()).isEqualTo("Event");
			assertThat(parsed.prefix()).isEqualTo("evt");
			assertThat(parsed.algorithm()).isEqualTo("uuidv7");
			assertThat(parsed.body()).isEqualTo(event.getId().substring(4));
			assertThat(parsed.createdAt()).contains(instant);
			assertThat(resolver.parse(note.getId().value()).value()).isEqualTo(note.getId());
			assertThat(resolver.parse(token.getId()).createdAt()).isEmpty();

			assertThat(resolver.find(event.getId())).hasValueSatisfying(found -> assertThat(((Event) found).getLabel()).isEqualTo("launch"));
			assertThat(resolver.find(note.getId().value(), Note.class).map(Note::getLabel)).contains("remember");
			assertThat(resolver.find(token.getId(), Token.class).map(Token::getLabel)).contains("secret");
			assertThat(resolver.find("evt_01m80m8fdeefn8sbsertbdp6n0")).isEmpty();

			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.find(event.getId(), Note.class))
				.withMessageContaining("an ID of Event, not of Note");
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.parse("acct_01m80m8fdeefn8sbsertbdp6n0"))
				.withMessageContaining("unknown prefix 'acct', and not an ID of Pulse, Doc; known prefixes are evt, feed, mic, note, tick, tok");
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.parse("note_not-an-id"))
				.withMessageContaining("a uuidv7 body has 26 characters");
			assertThat(NoteId.class).isNotNull();
		}
	}

}
