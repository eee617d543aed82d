package io.github.timesortedid.query;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.timeline.Event;
import io.github.timesortedid.autoconfigure.fixtures.timeline.EventRepository;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.StatementCounter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On PostgreSQL with 100,000 rows, "created in this minute" is answered by a scan of the primary
 * key index, not of the table: the point of time-sorted keys (seed 000).
 */
class PostgresIndexScanTests {

	@ParameterizedTest
	@ValueSource(strings = { "text", "binary" })
	void aTimeRangeIsAnIndexScanOnThePrimaryKey(String storage) {
		StatementCounter statements = new StatementCounter();
		DataSource raw = Database.POSTGRESQL.newDatabase();
		TimelineContext timeline = new TimelineContext(Database.POSTGRESQL, statements.around(raw), storage);
		try (var context = timeline.context) {
			IdField events = context.getBean(TimeSortedIdRegistry.class).field("Event", "id").orElseThrow();
			JdbcTemplate jdbc = new JdbcTemplate(raw);
			Instant start = Instant.parse("2026-03-01T00:00:00Z");
			timeline.clock.set(start);
			List<Object[]> rows = new ArrayList<>();
			for (int i = 0; i < 100_000; i++) {
				timeline.clock.advance(Duration.ofMillis(60));
				rows.add(new Object[] { stored(events, events.next()), "event " + i });
				if (rows.size() == 5_000) {
					jdbc.batchUpdate("INSERT INTO event (id, label) VALUES (?, ?)", rows);
					rows.clear();
				}
			}
			jdbc.execute("ANALYZE event");
			assertThat(jdbc.queryForObject("SELECT count(*) FROM event", Long.class)).isEqualTo(100_000);

			Instant from = start.plus(Duration.ofMinutes(30));
			Instant to = from.plus(Duration.ofMinutes(1));
			statements.reset();
			List<Event> found = context.getBean(EventRepository.class).findCreatedBetween(from, to);
			assertThat(found).hasSize(1000);
			String sql = statements.statements().get(statements.statements().size() - 1);
			assertThat(sql).contains("where").contains("id>=?").contains("id<?");

			assertThat(jdbc.queryForObject("SELECT data_type FROM information_schema.columns WHERE table_name = 'event' "
					+ "AND column_name = 'id'", String.class)).isEqualTo(storage.equals("binary") ? "uuid" : "character varying");
			String plan = jdbc.queryForList("EXPLAIN " + sql, String.class, stored(events, events.lowest(from)),
					stored(events, events.lowest(to)))
				.stream()
				.collect(Collectors.joining("\n"));
			System.out.println("EXPLAIN " + sql + "\n" + plan);
			assertThat(plan).contains("Index Scan using event_pkey on event").doesNotContain("Seq Scan");
		}
	}

	/** What the column holds for an ID: the text, or for binary storage the body's UUID. */
	private static Object stored(IdField field, Object id) {
		return (field.binary() != null) ? field.binary().toUuid((String) id) : id;
	}

}
