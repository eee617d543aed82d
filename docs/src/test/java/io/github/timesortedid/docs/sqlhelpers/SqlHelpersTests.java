package io.github.timesortedid.docs.sqlhelpers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.sql.fixtures.SqlScripts;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The guide's SQL for TypeIDs, run as written: the PostgreSQL functions' examples and error, and
 * the plain MySQL/MariaDB expressions over a {@code BINARY(16)} key, each result checked against the
 * Java codec.
 */
class SqlHelpersTests {

	private static final String ID = "post_01h455vb4pex5vsknk084sn02q";

	@Test
	void thePostgresqlExamplesGiveWhatTheirCommentsSay() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		SqlScripts.run(Database.POSTGRESQL, dataSource, "META-INF/time-sorted-id/sql/postgresql.sql");
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE post (id uuid PRIMARY KEY, title varchar(255))");
		jdbc.update("INSERT INTO post VALUES (?, 'Hello')", TypeId.parse(ID).uuid());
		List<List<Object>> results = results(dataSource, "sql/typeid-postgresql.sql");
		assertThat(results).containsExactly(List.of(TypeId.parse(ID).uuid(), "Hello"), List.of(ID, "Hello"),
				List.of("01h455vb4pex5vsknk084sn02q"), List.of("post"));
		assertThatExceptionOfType(SQLException.class).isThrownBy(() -> results(dataSource, "sql/typeid-postgresql-error.sql"))
			.satisfies(ex -> assertThat(ex.getSQLState()).isEqualTo("22023"))
			.withMessageContaining("invalid TypeID 'post_01H455VB4PEX5VSKNK084SN02Q': the suffix has only the characters "
					+ "0123456789abcdefghjkmnpqrstvwxyz (lowercase; no i, l, o, u)");
	}

	@Test
	void theMysqlExpressionsConvertBothWays() throws Exception {
		DataSource dataSource = Database.MARIADB.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE post (id BINARY(16) PRIMARY KEY, title varchar(255))");
		java.util.UUID uuid = TypeId.parse(ID).uuid();
		byte[] bytes = java.nio.ByteBuffer.allocate(16)
			.putLong(uuid.getMostSignificantBits())
			.putLong(uuid.getLeastSignificantBits())
			.array();
		jdbc.update("INSERT INTO post VALUES (?, 'Hello')", bytes);
		List<List<Object>> results = results(dataSource, "sql/typeid-mysql.sql");
		assertThat(results).hasSize(2);
		assertThat(results.get(0)).element(1).isEqualTo("Hello");
		assertThat((byte[]) results.get(0).get(0)).isEqualTo(bytes);
		assertThat(results.get(1)).containsExactly(ID, "Hello");
	}

	/** Runs each statement of a script on one connection, and returns the rows of the queries, in order. */
	private static List<List<Object>> results(DataSource dataSource, String script) throws SQLException, IOException {
		String text = new ClassPathResource(script).getContentAsString(StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "");
		List<List<Object>> rows = new ArrayList<>();
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			for (String sql : text.split(";")) {
				if (sql.isBlank() || !statement.execute(sql.replaceAll("--[^\\n']*$", "").strip())) {
					continue;
				}
				try (ResultSet result = statement.getResultSet()) {
					while (result.next()) {
						List<Object> row = new ArrayList<>();
						for (int column = 1; column <= result.getMetaData().getColumnCount(); column++) {
							row.add(result.getObject(column));
						}
						rows.add(row);
					}
				}
			}
		}
		return rows;
	}

}
