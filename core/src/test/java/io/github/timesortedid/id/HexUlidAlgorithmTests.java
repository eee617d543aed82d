package io.github.timesortedid.id;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Seed 003's SQLite expression, run in SQLite itself, is the oracle for {@code hex-ulid}. */
class HexUlidAlgorithmTests {

	private static final DateTimeFormatter SQLITE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
		.withZone(ZoneOffset.UTC);

	@Test
	void matchesTheSqliteExpressionForAFixedClock() throws SQLException {
		List<Instant> instants = List.of(Instant.parse("2022-12-06T16:43:33.491Z"),
				Instant.parse("1970-01-01T00:00:00.001Z"), Instant.parse("2026-11-22T03:04:05.678Z"),
				Instant.parse("2099-12-31T23:59:59.999Z"));
		try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
				Statement statement = sqlite.createStatement()) {
			for (Instant instant : instants) {
				// seed 003's expression with 'now' fixed and its '|' typo written as SQL's '||'
				String sql = "SELECT PRINTF('%012X', ROUND((JULIANDAY('" + SQLITE.format(instant)
						+ "') - 2440587.5)*86400000)) || HEX(RANDOMBLOB(10))";
				String theirs;
				try (ResultSet rows = statement.executeQuery(sql)) {
					rows.next();
					theirs = rows.getString(1);
				}
				IdAlgorithm hexUlid = IdAlgorithms.create(IdAlgorithms.HEX_ULID,
						AlgorithmOptions.builder().clock(new SettableClock(instant)).build());
				String ours = hexUlid.nextBody();
				assertThat(ours).hasSize(theirs.length()).hasSize(32);
				assertThat(ours.substring(0, 12)).isEqualTo(theirs.substring(0, 12));
				assertThat(ours.substring(12)).matches("[0-9A-F]{20}");
				hexUlid.validateBody(theirs);
				assertThat(((TimeOrderedIdAlgorithm) hexUlid).instantOf(theirs)).isEqualTo(instant);
			}
		}
	}

	@Test
	void decodesTheSeedExample() {
		TimeOrderedIdAlgorithm hexUlid = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.HEX_ULID,
				AlgorithmOptions.defaults());
		assertThat(hexUlid.instantOf("0184E14B9D33DF0EA40E00D20FC31406"))
			.isEqualTo(Instant.ofEpochMilli(0x0184E14B9D33L));
	}

	@Test
	void hasTheUlidBitLayout() {
		SettableClock clock = new SettableClock(Instant.parse("2026-11-22T03:04:05.678Z"));
		UuidIdAlgorithm hexUlid = (UuidIdAlgorithm) IdAlgorithms.create(IdAlgorithms.HEX_ULID,
				AlgorithmOptions.builder().clock(clock).build());
		String body = hexUlid.nextBody();
		assertThat(com.github.f4b6a3.ulid.Ulid.from(hexUlid.decode(body)).getInstant()).isEqualTo(clock.instant());
	}

}
