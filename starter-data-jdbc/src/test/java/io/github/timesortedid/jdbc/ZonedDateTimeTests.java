package io.github.timesortedid.jdbc;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.jdbc.meetings.Meeting;
import io.github.timesortedid.jdbc.meetings.MeetingApplication;
import io.github.timesortedid.jdbc.meetings.MeetingJdbcConfiguration;
import io.github.timesortedid.jdbc.meetings.MeetingRepository;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.testsupport.Database;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code ZonedDateTime}, which Spring Data JDBC writes as text (and reads back only with a converter
 * of the application's, {@link MeetingJdbcConfiguration}), in an aggregate whose table is the DDL the
 * library prints: stored and read back equal, and a replay of the same meeting is no conflict, on each
 * database. The DDL typed it {@code timestamp with time zone} before, which every database refused.
 */
class ZonedDateTimeTests {

	@ParameterizedTest
	@EnumSource(Database.class)
	void aZonedDateTimeIsStoredAsSpringDataJdbcWritesItAndReplaysWithoutConflict(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.withLibrary(dataSource)
			.withUserConfiguration(MeetingApplication.class, MeetingJdbcConfiguration.class)
			.withPropertyValues("time-sorted-id.schema-check.enabled=false")
			.run((context) -> {
				DatabaseKind kind = DatabaseKind.valueOf(database.name());
				String ddl = context.getBean(AggregateIds.class).ddl("Meeting", kind, null);
				assertThat(ddl).containsPattern("(?i)\\Wstarts_at\\W+ varchar\\(255\\)");
				new JdbcTemplate(dataSource).execute(ddl.substring(ddl.indexOf('\n') + 1).replace(";", ""));
				MeetingRepository meetings = context.getBean(MeetingRepository.class);
				TimeSortedIds ids = context.getBean(TimeSortedIds.class);
				for (ZonedDateTime startsAt : startTimes().sampleStream().limit(25).toList()) {
					Meeting meeting = new Meeting(ids.next(Meeting.class), "Planning", startsAt);
					assertThat(meetings.insert(meeting).created()).as("%s", startsAt).isTrue();
					assertThat(meetings.findById(meeting.getId()).orElseThrow().getStartsAt()).isEqualTo(startsAt);
					assertThat(meetings.insert(new Meeting(meeting.getId(), "Planning", startsAt)).alreadyExisted())
						.as("replay of %s", startsAt)
						.isTrue();
				}
			});
	}

	@Test
	void withoutConvertersOfItsOwnTheColumnIsTheTextSpringDataJdbcWrites() throws Exception {
		DataJdbcContexts.withLibrary(Database.H2.newDatabase())
			.withUserConfiguration(MeetingApplication.class)
			.withPropertyValues("time-sorted-id.schema-check.enabled=false")
			.run((context) -> {
				// Spring Data JDBC converts a ZonedDateTime to a String to bind it; a timestamp column refuses it
				for (DatabaseKind kind : List.of(DatabaseKind.H2, DatabaseKind.POSTGRESQL, DatabaseKind.MARIADB)) {
					assertThat(context.getBean(AggregateIds.class).ddl("Meeting", kind, null)).as("%s", kind)
						.containsPattern("(?i)\\Wstarts_at\\W+ varchar\\(255\\)");
				}
			});
	}

	/** Instants with nanoseconds from 1970 to 2100 in zones with and without daylight saving time. */
	private static Arbitrary<ZonedDateTime> startTimes() {
		Arbitrary<ZoneId> zones = Arbitraries.of("Europe/Paris", "America/New_York", "Asia/Kolkata", "UTC", "Australia/Lord_Howe")
			.map(ZoneId::of);
		Arbitrary<Instant> instants = Arbitraries.longs()
			.between(0, Instant.parse("2100-01-01T00:00:00Z").getEpochSecond())
			.flatMap(seconds -> Arbitraries.integers().between(0, 999_999_999).map(nanos -> Instant.ofEpochSecond(seconds, nanos)));
		return instants.flatMap(instant -> zones.map(instant::atZone));
	}

}
