package io.github.timesortedid.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import javax.sql.DataSource;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.SnowflakeEncoding;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;
import io.github.timesortedid.id.Uuidv7Encoding;
import io.github.timesortedid.sql.fixtures.SqlScripts;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL helpers for bounds, {@code tsid_lowest}, {@code tsid_lowest_uuid} and
 * {@code tsid_lowest_snowflake}, installed from the shipped scripts on PostgreSQL and MariaDB,
 * give the Java API's lowest ID (for {@code couchdb-utc-id}, its bound) for every time-ordered
 * algorithm and option at 400 instants each, the first and last of each range among them; and a
 * condition written with them prunes partitions like one with literals, in {@code EXPLAIN}.
 */
class BoundSqlFunctionsTests {

	/** Each algorithm and option the functions take, with the Java options that make the same IDs. */
	private static final List<Spec> SPECS = List.of(new Spec("uuidv7", AlgorithmOptions.builder().build()),
			new Spec("uuidv7/base36", AlgorithmOptions.builder().uuidv7Encoding(Uuidv7Encoding.BASE36).build()),
			new Spec("uuidv7/base62", AlgorithmOptions.builder().uuidv7Encoding(Uuidv7Encoding.BASE62).build()),
			new Spec("uuidv7/hex", AlgorithmOptions.builder().uuidv7Encoding(Uuidv7Encoding.HEX).build()),
			new Spec("uuidv7/canonical", AlgorithmOptions.builder().uuidv7Encoding(Uuidv7Encoding.CANONICAL).build()),
			new Spec("ulid", AlgorithmOptions.defaults()), new Spec("hex-ulid", AlgorithmOptions.defaults()),
			new Spec("kuuid", AlgorithmOptions.defaults()),
			new Spec("kuuid/millisecond", AlgorithmOptions.builder().kuuidMillisecond(true).build()),
			new Spec("ksuid", AlgorithmOptions.defaults()), new Spec("objectid", AlgorithmOptions.defaults()),
			new Spec("couchdb-utc-random", AlgorithmOptions.defaults()),
			new Spec("couchdb-utc-id", AlgorithmOptions.builder().couchdbUtcIdSuffix("@any").build()),
			new Spec("snowflake", AlgorithmOptions.defaults()),
			new Spec("snowflake/base32", AlgorithmOptions.builder().snowflakeEncoding(SnowflakeEncoding.BASE32).build()),
			new Spec("snowflake/base62/epoch=1420070400000",
					AlgorithmOptions.builder().snowflakeEncoding(SnowflakeEncoding.BASE62).snowflakeEpoch(1420070400000L).build()));

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theLowestIdOfEveryAlgorithmIsTheJavaApisAtEveryInstantOfItsRange(Database database) throws Exception {
		DataSource dataSource = installed(database);
		Random random = new Random(26);
		int compared = 0;
		try (Connection connection = dataSource.getConnection()) {
			for (Spec spec : SPECS) {
				TimeOrderedIdAlgorithm algorithm = spec.algorithm();
				IdFormat format = IdFormat.of("post", "_", algorithm);
				// MariaDB's DATETIME ends with the year 9999, a day before PostgreSQL's range of interest ends
				Instant last = min(algorithm.maxInstant(), Instant.parse("9999-12-31T23:59:59Z"));
				Instant first = algorithm.minInstant();
				List<Instant> instants = new ArrayList<>(List.of(first, last));
				for (int i = 0; i < 398; i++) {
					long span = java.time.Duration.between(first, last).getSeconds() * 1_000_000L;
					instants.add(first.plus((long) (random.nextDouble() * span), ChronoUnit.MICROS));
				}
				try (PreparedStatement statement = connection.prepareStatement("SELECT tsid_lowest(?, ?, ?)")) {
					for (Instant at : instants) {
						statement.setString(1, "post");
						statement.setString(2, spec.sql());
						setInstant(database, statement, 3, at);
						try (ResultSet result = statement.executeQuery()) {
							result.next();
							String expected = spec.sql().startsWith("couchdb-utc-id") ? format.bound(at) : format.lowest(at);
							assertThat(result.getString(1)).as("%s at %s on %s", spec.sql(), at, database.label())
								.isEqualTo(expected);
							compared++;
						}
					}
				}
			}
			for (String name : List.of("uuidv7", "ulid", "hex-ulid")) {
				UuidIdAlgorithm algorithm = (UuidIdAlgorithm) IdAlgorithms.create(name, AlgorithmOptions.defaults());
				Instant at = Instant.parse("2026-05-01T00:00:00Z");
				if (database == Database.POSTGRESQL) {
					assertThat(query(connection, database, "SELECT tsid_lowest_uuid(?, ?)", name, at))
						.isEqualTo(algorithm.lowestUuid(at));
				}
			}
			LongIdAlgorithm snowflake = (LongIdAlgorithm) IdAlgorithms.create("snowflake", AlgorithmOptions.defaults());
			Instant at = Instant.parse("2026-05-01T00:00:00.123Z");
			assertThat(((Number) query(connection, database, "SELECT tsid_lowest_snowflake(?, 1288834974657)", null, at))
				.longValue()).isEqualTo(snowflake.lowestLong(at));
		}
		System.out.println("tsid_lowest on " + database.label() + ": " + compared + " bounds, each equal to the Java API's");
	}

	@Test
	void aConditionWithTheHelpersPrunesOnPostgresqlWithGenericAndCustomPlans() throws Exception {
		DataSource dataSource = installed(Database.POSTGRESQL);
		IdFormat format = IdFormat.of("post", "_", IdAlgorithms.create("uuidv7", AlgorithmOptions.defaults()));
		try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
			sql.execute("CREATE TABLE post (id text COLLATE \"C\" PRIMARY KEY, title text) PARTITION BY RANGE (id)");
			sql.execute("CREATE TABLE post_default PARTITION OF post DEFAULT");
			for (int month = 1; month <= 12; month++) {
				Instant from = LocalDateTime.of(2026, month, 1, 0, 0).toInstant(ZoneOffset.UTC);
				Instant to = LocalDateTime.of(2026, month, 1, 0, 0).plusMonths(1).toInstant(ZoneOffset.UTC);
				sql.execute("CREATE TABLE post_p2026" + String.format("%02d", month) + " PARTITION OF post FOR VALUES FROM ('"
						+ format.lowest(from) + "') TO ('" + format.lowest(to) + "')");
				sql.execute("INSERT INTO post VALUES ('" + format.lowest(from.plusSeconds(3600)) + "', 'a post')");
			}
			sql.execute("ANALYZE post");
			// tag::pruned[]
			sql.execute("PREPARE posts_between (timestamptz, timestamptz) AS SELECT * FROM post "
					+ "WHERE id >= tsid_lowest('post', 'uuidv7', $1) AND id < tsid_lowest('post', 'uuidv7', $2)");
			// end::pruned[]
			for (String mode : List.of("force_generic_plan", "force_custom_plan")) {
				sql.execute("SET plan_cache_mode = " + mode);
				List<String> plan = new ArrayList<>();
				try (ResultSet rows = sql.executeQuery("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) "
						+ "EXECUTE posts_between('2026-05-02 00:00:00+00', '2026-05-09 00:00:00+00')")) {
					while (rows.next()) {
						plan.add(rows.getString(1));
					}
				}
				System.out.println("EXPLAIN EXECUTE posts_between (" + mode + "):\n" + String.join("\n", plan));
				assertThat(plan.stream().filter(line -> line.contains(" on post_"))).as(mode)
					.singleElement()
					.asString()
					.contains("post_p202605");
			}
		}
	}

	@Test
	void aConditionWithTheHelpersPrunesOnMariadb() throws Exception {
		DataSource dataSource = installed(Database.MARIADB);
		IdFormat format = IdFormat.of("post", "_", IdAlgorithms.create("uuidv7", AlgorithmOptions.defaults()));
		try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
			StringBuilder partitions = new StringBuilder();
			for (int month = 1; month <= 12; month++) {
				Instant to = LocalDateTime.of(2026, month, 1, 0, 0).plusMonths(1).toInstant(ZoneOffset.UTC);
				partitions.append("PARTITION p2026").append(String.format("%02d", month)).append(" VALUES LESS THAN ('")
					.append(format.lowest(to)).append("'), ");
			}
			sql.execute("CREATE TABLE post (id VARCHAR(31) CHARACTER SET ascii COLLATE ascii_bin PRIMARY KEY, title TEXT) "
					+ "PARTITION BY RANGE COLUMNS(id) (" + partitions + "PARTITION pmax VALUES LESS THAN (MAXVALUE))");
			String explain = "EXPLAIN PARTITIONS SELECT * FROM post WHERE id >= tsid_lowest('post', 'uuidv7', "
					+ "'2026-05-02 00:00:00') AND id < tsid_lowest('post', 'uuidv7', '2026-05-09 00:00:00')";
			try (ResultSet rows = sql.executeQuery(explain)) {
				rows.next();
				System.out.println(explain + "\npartitions: " + rows.getString("partitions") + ", type: " + rows.getString("type"));
				assertThat(rows.getString("partitions")).isEqualTo("p202605");
			}
		}
	}

	private static Object query(Connection connection, Database database, String sql, String name, Instant at)
			throws Exception {
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			int index = 1;
			if (name != null) {
				statement.setString(index++, name);
			}
			setInstant(database, statement, index, at);
			try (ResultSet result = statement.executeQuery()) {
				result.next();
				return result.getObject(1);
			}
		}
	}

	/** PostgreSQL's timestamptz is an instant; MariaDB's DATETIME is a UTC wall time here. */
	private static void setInstant(Database database, PreparedStatement statement, int index, Instant at)
			throws Exception {
		if (database == Database.POSTGRESQL) {
			statement.setObject(index, at.atOffset(ZoneOffset.UTC));
		}
		else {
			statement.setObject(index, LocalDateTime.ofInstant(at, ZoneOffset.UTC));
		}
	}

	private static Instant min(Instant a, Instant b) {
		return a.isBefore(b) ? a : b;
	}

	private static DataSource installed(Database database) {
		DataSource dataSource = database.newDatabase();
		SqlScripts.run(database, dataSource, "META-INF/time-sorted-id/sql/" + database.label() + ".sql");
		return dataSource;
	}

	private record Spec(String sql, AlgorithmOptions options) {

		TimeOrderedIdAlgorithm algorithm() {
			return (TimeOrderedIdAlgorithm) IdAlgorithms.create(this.sql.split("/")[0], this.options);
		}

	}

}
