package io.github.timesortedid.insert;

import java.sql.Connection;
import java.util.OptionalInt;

import javax.sql.DataSource;

import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fractional digits of time and timestamp columns as the catalog says them, which a replay's
 * comparison rounds to. MariaDB Connector/J leaves {@code DECIMAL_DIGITS} out for them, so they come
 * from the display size, whose form differs between {@code datetime} and {@code time} (a duration
 * with a sign and up to three digits of hours).
 */
class CatalogDigitsTests {

	@ParameterizedTest
	@EnumSource(Database.class)
	void timesAndTimestampsKeepTheDigitsTheirColumnsDeclare(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		new JdbcTemplate(dataSource).execute("create table shift (starts_at time(0), ends_at time(3), "
				+ "break_at time(6), clocked timestamp(6), logged timestamp(2))");
		try (Connection connection = dataSource.getConnection()) {
			assertThat(CatalogDigits.lookUp("shift", "starts_at", connection, true)).isEqualTo(OptionalInt.of(0));
			assertThat(CatalogDigits.lookUp("shift", "ends_at", connection, true)).isEqualTo(OptionalInt.of(3));
			assertThat(CatalogDigits.lookUp("shift", "break_at", connection, true)).isEqualTo(OptionalInt.of(6));
			assertThat(CatalogDigits.lookUp("shift", "clocked", connection, true)).isEqualTo(OptionalInt.of(6));
			assertThat(CatalogDigits.lookUp("shift", "logged", connection, true)).isEqualTo(OptionalInt.of(2));
		}
	}

}
