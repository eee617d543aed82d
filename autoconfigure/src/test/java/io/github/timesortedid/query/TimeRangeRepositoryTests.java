package io.github.timesortedid.query;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Function;

import io.github.timesortedid.autoconfigure.fixtures.timeline.Doc;
import io.github.timesortedid.autoconfigure.fixtures.timeline.DocRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Event;
import io.github.timesortedid.autoconfigure.fixtures.timeline.EventRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Feed;
import io.github.timesortedid.autoconfigure.fixtures.timeline.FeedRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Labelled;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Micro;
import io.github.timesortedid.autoconfigure.fixtures.timeline.MicroRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Note;
import io.github.timesortedid.autoconfigure.fixtures.timeline.NoteRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Pulse;
import io.github.timesortedid.autoconfigure.fixtures.timeline.PulseRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Tick;
import io.github.timesortedid.autoconfigure.fixtures.timeline.TickRepository;
import io.github.timesortedid.autoconfigure.fixtures.timeline.TokenRepository;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.jpa.repository.JpaRepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Range queries and keyset pages are exact at their boundaries, for millisecond, second and
 * microsecond algorithms, newest-first IDs, and {@code String}, typed, {@code Long} and
 * {@code UUID} identifiers: an ID made at {@code from} is in, one made at {@code to} is out.
 */
class TimeRangeRepositoryTests {

	private static final List<String> ALL = List.of("before", "atFrom", "inside", "last", "atTo", "after");

	static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> databasesAndStorages() {
		return java.util.stream.Stream.of(Database.H2, Database.POSTGRESQL)
			.flatMap(database -> java.util.stream.Stream.of("text", "binary")
				.map(storage -> org.junit.jupiter.params.provider.Arguments.of(database, storage)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@org.junit.jupiter.params.provider.MethodSource("databasesAndStorages")
	void boundariesAreExactForEveryPrecisionOrderAndType(Database database, String storage) {
		TimelineContext timeline = TimelineContext.start(database, storage);
		try (var context = timeline.context) {
			Instant base = Instant.parse("2026-02-01T00:00:00Z");
			check(timeline, base, ChronoUnit.MILLIS, context.getBean(EventRepository.class), Event::new);
			check(timeline, base.plus(1, ChronoUnit.DAYS), ChronoUnit.SECONDS, context.getBean(TickRepository.class), Tick::new);
			check(timeline, base.plus(2, ChronoUnit.DAYS), ChronoUnit.MICROS, context.getBean(MicroRepository.class), Micro::new);
			check(timeline, base.plus(3, ChronoUnit.DAYS), ChronoUnit.SECONDS, context.getBean(FeedRepository.class), Feed::new);
			check(timeline, base.plus(4, ChronoUnit.DAYS), ChronoUnit.MILLIS, context.getBean(PulseRepository.class), Pulse::new);
			check(timeline, base.plus(5, ChronoUnit.DAYS), ChronoUnit.MILLIS, context.getBean(DocRepository.class), Doc::new);
			check(timeline, base.plus(6, ChronoUnit.DAYS), ChronoUnit.MILLIS, context.getBean(NoteRepository.class), Note::new);
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = "H2")
	void unorderedAlgorithmsAndBadArgumentsAreRefused(Database database) {
		TimelineContext timeline = TimelineContext.start(database);
		try (var context = timeline.context) {
			TokenRepository tokens = context.getBean(TokenRepository.class);
			assertThatExceptionOfType(UnsupportedOperationException.class)
				.isThrownBy(() -> tokens.findCreatedBetween(Instant.EPOCH, Instant.now()))
				.withMessageStartingWith("Token.id uses random, whose IDs carry no time");
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> tokens.findPageAfter(null, 10));
			EventRepository events = context.getBean(EventRepository.class);
			assertThatExceptionOfType(InvalidDataAccessApiUsageException.class)
				.isThrownBy(() -> events.findCreatedBetween(Instant.parse("2026-01-02T00:00:00Z"), Instant.parse("2026-01-01T00:00:00Z")))
				.withMessageContaining("from (2026-01-02T00:00:00Z) must be before to (2026-01-01T00:00:00Z)");
			assertThatExceptionOfType(InvalidDataAccessApiUsageException.class).isThrownBy(() -> events.findPageAfter(null, 0))
				.withMessageContaining("limit must be at least 1");
			assertThatExceptionOfType(InvalidDataAccessApiUsageException.class)
				.isThrownBy(() -> events.findPageAfter("tick_3MRdzswmyrlGFfxq0rwfCXC9cdM", 5))
				.withMessageContaining("assigned to Event.id: expected an ID starting with 'evt_'");
			// instants outside the algorithm's range are clamped, not an error
			assertThat(events.findCreatedBetween(Instant.parse("1900-01-01T00:00:00Z"), Instant.parse("9999-01-01T00:00:00Z")))
				.isEmpty();
		}
	}

	private static <T extends Labelled, ID> void check(TimelineContext timeline, Instant base, ChronoUnit unit,
			JpaRepository<T, ID> repository, Function<String, T> factory) {
		@SuppressWarnings("unchecked")
		TimeRangeRepository<T, ID> ranges = (TimeRangeRepository<T, ID>) repository;
		Instant from = base.plus(10, unit);
		Instant to = from.plus(10, unit);
		List<Instant> instants = List.of(from.minus(1, unit), from, from.plus(5, unit), to.minus(1, unit), to,
				to.plus(1, unit));
		@SuppressWarnings("unchecked")
		ID[] ids = (ID[]) new Object[6];
		for (int i = 0; i < ALL.size(); i++) {
			timeline.clock.set(instants.get(i));
			T saved = repository.save(factory.apply(ALL.get(i)));
			ids[i] = id(saved);
		}
		String what = repository.getClass().getInterfaces()[0].getSimpleName() + " (" + unit + ")";
		assertThat(labels(ranges.findCreatedBetween(from, to))).as(what).containsExactly("atFrom", "inside", "last");
		assertThat(labels(ranges.findCreatedSince(from))).as(what).containsExactly("atFrom", "inside", "last", "atTo", "after");
		assertThat(labels(ranges.findCreatedBefore(to))).as(what).containsExactly("before", "atFrom", "inside", "last");
		assertThat(labels(ranges.findPageAfter(null, 2))).as(what).containsExactly("before", "atFrom");
		assertThat(labels(ranges.findPageAfter(ids[1], 2))).as(what).containsExactly("inside", "last");
		assertThat(labels(ranges.findPageAfter(ids[3], 10))).as(what).containsExactly("atTo", "after");
		assertThat(labels(ranges.findPageBefore(null, 2))).as(what).containsExactly("after", "atTo");
		assertThat(labels(ranges.findPageBefore(ids[4], 3))).as(what).containsExactly("last", "inside", "atFrom");
		// an ID made at an instant lies between that instant's bounds
		assertThat(labels(ranges.findCreatedBetween(from, from.plus(1, unit)))).as(what).containsExactly("atFrom");
	}

	@SuppressWarnings("unchecked")
	private static <ID> ID id(Object entity) {
		try {
			return (ID) entity.getClass().getMethod("getId").invoke(entity);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static List<String> labels(List<? extends Labelled> entities) {
		return entities.stream().map(Labelled::getLabel).toList();
	}

}
