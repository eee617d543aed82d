package io.github.timesortedid.sql;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import javax.sql.DataSource;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.sql.fixtures.SqlScripts;
import io.github.timesortedid.testsupport.Database;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The SQL helpers shipped in {@code META-INF/time-sorted-id/sql} against the Java TypeID codec
 * ({@link TypeId}), on embedded PostgreSQL and MariaDB: 10,000 IDs decoded and encoded in one query
 * each, the refusals of mutated strings compared with {@link TypeId#parse}, and a lookup by a
 * prefixed ID that uses the primary-key index.
 */
class TypeIdSqlFunctionsTests {

	private static final int COUNT = 10_000;

	private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz";

	@ParameterizedTest
	@EnumSource(names = { "POSTGRESQL", "MARIADB" })
	void tenThousandIdsDecodeAndEncodeAsInJava(Database database) throws SQLException {
		DataSource dataSource = installed(database);
		List<Sample> samples = samples(new Random(20260516L));
		try (Connection connection = dataSource.getConnection()) {
			load(database, connection, samples);
			List<String> mismatches = new ArrayList<>();
			String query = (database == Database.POSTGRESQL)
					? "SELECT n, tsid_to_uuid(id)::text, tsid_to_text(value, prefix), tsid_prefix(id),"
							+ " tsid_to_text(tsid_to_uuid(id), tsid_prefix(id)), tsid_to_uuid(tsid_to_text(value, prefix))::text,"
							+ " NULL FROM sample ORDER BY n"
					// MariaDB's UUID type cannot hold some 128-bit values (see mariaDbUuidHolds); BINARY(16) holds all
					: "SELECT n, IF(value IS NULL, NULL, CAST(tsid_to_uuid(id) AS CHAR)), tsid_binary_to_text(bytes, prefix),"
							+ " tsid_prefix(id), tsid_binary_to_text(tsid_to_binary(id), tsid_prefix(id)),"
							+ " LOWER(HEX(tsid_to_binary(tsid_binary_to_text(bytes, prefix)))),"
							+ " IF(value IS NULL, NULL, tsid_to_text(value, prefix) = id AND tsid_to_uuid(tsid_to_text(value, prefix)) = value)"
							+ " FROM sample ORDER BY n";
			int rows = 0;
			int uuids = 0;
			try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(query)) {
				while (result.next()) {
					Sample sample = samples.get(result.getInt(1));
					String text = sample.text();
					String uuid = sample.value().toString();
					boolean uuidColumn = database == Database.POSTGRESQL || mariaDbUuidHolds(sample.value());
					if (uuidColumn) {
						check(mismatches, text, "tsid_to_uuid", result.getString(2), uuid);
						uuids++;
					}
					check(mismatches, text, "tsid_to_text", result.getString(3), text);
					check(mismatches, text, "tsid_prefix", result.getString(4), TypeId.parse(text).prefix());
					check(mismatches, text, "text round trip", result.getString(5), text);
					check(mismatches, text, "value round trip", result.getString(6),
							(database == Database.POSTGRESQL) ? uuid : uuid.replace("-", ""));
					if (database == Database.MARIADB && uuidColumn) {
						check(mismatches, text, "UUID both ways", result.getString(7), "1");
					}
					rows++;
				}
			}
			assertThat(rows).isEqualTo(COUNT);
			assertThat(uuids).isGreaterThan(COUNT / 2);
			assertThat(mismatches).isEmpty();
		}
	}

	@ParameterizedTest
	@EnumSource(names = { "POSTGRESQL", "MARIADB" })
	void runningTheScriptAgainKeepsTheFunctionsWorking(Database database) throws SQLException {
		DataSource dataSource = installed(database);
		install(database, dataSource);
		JdbcRows sql = new JdbcRows(dataSource);
		String cast = (database == Database.POSTGRESQL) ? "tsid_to_uuid(?)::text" : "CAST(tsid_to_uuid(?) AS CHAR)";
		assertThat(sql.one("SELECT " + cast, "prefix_01h455vb4pex5vsknk084sn02q"))
			.isEqualTo("01890a5d-ac96-774b-bcce-b302099a8057");
		assertThat(sql.one("SELECT tsid_to_text(CAST(? AS uuid), ?)", "01890a5d-ac96-774b-bcce-b302099a8057", null))
			.isEqualTo("01h455vb4pex5vsknk084sn02q");
		assertThat(sql.one("SELECT " + cast, (String) null)).isNull();
		assertThat(sql.one("SELECT tsid_to_text(NULL, 'post')")).isNull();
	}

	@ParameterizedTest
	@EnumSource(names = { "POSTGRESQL", "MARIADB" })
	void invalidTypeIdsAreRefusedWithTheReason(Database database) {
		JdbcRows sql = new JdbcRows(installed(database));
		String function = (database == Database.POSTGRESQL) ? "tsid_to_uuid(?)" : "tsid_to_binary(?)";
		assertRefused(sql, function, "", "invalid TypeID '': a TypeID is not empty");
		assertRefused(sql, function, "post_01H455VB4PEX5VSKNK084SN02Q",
				"the suffix has only the characters 0123456789abcdefghjkmnpqrstvwxyz");
		assertRefused(sql, function, "post_01h455vb4pex5vsknk084sn02", "the suffix has 26 characters, not 25");
		assertRefused(sql, function, "post_81h455vb4pex5vsknk084sn02q", "the suffix starts with a character above 7");
		assertRefused(sql, function, "post_01h455vb4pex5vsknk084sn0lq", "the suffix has only the characters");
		assertRefused(sql, function, "Post_01h455vb4pex5vsknk084sn02q", "a prefix has only lowercase letters");
		assertRefused(sql, function, "post__01h455vb4pex5vsknk084sn02q", "a prefix starts and ends with a letter");
		assertRefused(sql, function, "_01h455vb4pex5vsknk084sn02q", "a prefix needs at least one letter");
		assertRefused(sql, function, "a".repeat(64) + "_01h455vb4pex5vsknk084sn02q", "at most 90 characters, not 91");
		assertRefused(sql, "tsid_to_text('01890a5d-ac96-774b-bcce-b302099a8057', ?)", "Post",
				"invalid TypeID prefix 'Post'");
		assertRefused(sql, "tsid_to_text('01890a5d-ac96-774b-bcce-b302099a8057', ?)", " ", "invalid TypeID prefix ' '");
	}

	/**
	 * Mutated TypeIDs (characters replaced, inserted, removed, case changed, prefixes broken) and
	 * random strings: whatever {@link TypeId#parse} accepts, the SQL decodes to the same UUID, and
	 * whatever it refuses, the SQL refuses with its own error.
	 */
	@Property(tries = 1, edgeCases = EdgeCasesMode.NONE, shrinking = ShrinkingMode.OFF)
	void theSqlRefusesExactlyWhatJavaRefuses(@ForAll("candidates") List<String> candidates) throws SQLException {
		for (Database database : List.of(Database.POSTGRESQL, Database.MARIADB)) {
			DataSource dataSource = installed(database);
			List<String> mismatches = new ArrayList<>();
			int refused = 0;
			try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
				if (database == Database.POSTGRESQL) {
					statement.execute("CREATE TABLE candidate (n int PRIMARY KEY, id text NOT NULL)");
					statement.execute("""
							CREATE FUNCTION try_tsid_to_uuid(id text) RETURNS text LANGUAGE plpgsql AS $$
							BEGIN
								RETURN tsid_to_uuid(id)::text;
							EXCEPTION WHEN invalid_parameter_value THEN
								RETURN 'refused: ' || SQLERRM;
							END
							$$""");
				}
				else {
					statement.execute("CREATE TABLE candidate (n int PRIMARY KEY,"
							+ " id varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL)");
					// a handler catches the function's SIGNAL, so that one query checks every row
					statement.execute("""
							CREATE FUNCTION try_tsid_to_uuid(id varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)
							RETURNS varchar(600) CHARACTER SET utf8mb4 NO SQL
							BEGIN
								DECLARE result varchar(600) CHARACTER SET utf8mb4;
								DECLARE CONTINUE HANDLER FOR SQLSTATE '22023'
								BEGIN
									GET DIAGNOSTICS CONDITION 1 result = MESSAGE_TEXT;
									SET result = CONCAT('refused: ', result);
								END;
								SET result = LOWER(HEX(tsid_to_binary(id)));
								RETURN result;
							END""");
				}
				try (PreparedStatement insert = connection.prepareStatement("INSERT INTO candidate (n, id) VALUES (?, ?)")) {
					for (int i = 0; i < candidates.size(); i++) {
						insert.setInt(1, i);
						insert.setString(2, candidates.get(i));
						insert.addBatch();
					}
					insert.executeBatch();
				}
				try (ResultSet result = statement.executeQuery("SELECT n, id, try_tsid_to_uuid(id) FROM candidate ORDER BY n")) {
					while (result.next()) {
						String candidate = candidates.get(result.getInt(1));
						assertThat(result.getString(2)).as("stored unchanged").isEqualTo(candidate);
						String answer = result.getString(3);
						String expected = javaAnswer(candidate);
						if (expected != null && database == Database.MARIADB) {
							expected = expected.replace("-", "");
						}
						if (expected == null) {
							refused++;
							if (!answer.startsWith("refused: invalid TypeID '")) {
								mismatches.add(database.label() + " accepts " + show(candidate) + " as " + answer
										+ ", which TypeId.parse refuses");
							}
						}
						else if (!expected.equals(answer)) {
							mismatches.add(database.label() + " answers " + answer + " for " + show(candidate)
									+ ", TypeId.parse " + expected);
						}
					}
				}
			}
			assertThat(mismatches).isEmpty();
			// both sides of the comparison are exercised: many refusals, many acceptances
			assertThat(refused).isBetween(candidates.size() / 10, candidates.size() * 9 / 10);
		}
	}

	@Test
	void findingARowByItsTypeIdIsAnIndexScanOnTheUuidKey() throws SQLException {
		DataSource dataSource = installed(Database.POSTGRESQL);
		IdFormat posts = IdFormat.of("post", "_",
				IdAlgorithms.create(IdAlgorithms.UUIDV7, AlgorithmOptions.defaults()));
		String id = posts.next();
		UUID value = TypeId.parse(id).uuid();
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute("CREATE TABLE post (id uuid PRIMARY KEY, title text NOT NULL)");
			statement.execute("INSERT INTO post SELECT gen_random_uuid(), 'post ' || g FROM generate_series(1, 100000) g");
			statement.execute("INSERT INTO post VALUES ('" + value + "', 'the one')");
			statement.execute("ANALYZE post");
			String query = "SELECT title, tsid_to_text(id, 'post') FROM post WHERE id = tsid_to_uuid('" + id + "')";
			List<String> plan = new ArrayList<>();
			try (ResultSet result = statement.executeQuery("EXPLAIN " + query)) {
				while (result.next()) {
					plan.add(result.getString(1));
				}
			}
			System.out.println("EXPLAIN " + query + "\n" + String.join("\n", plan));
			// the function ran once, at planning: the index condition holds its result as a constant
			assertThat(String.join("\n", plan)).contains("Index Scan using post_pkey on post")
				.contains("Index Cond: (id = '" + value + "'::uuid)")
				.doesNotContain("Seq Scan");
			try (ResultSet result = statement.executeQuery(query)) {
				assertThat(result.next()).isTrue();
				assertThat(result.getString(1)).isEqualTo("the one");
				assertThat(result.getString(2)).isEqualTo(id);
				assertThat(result.next()).isFalse();
			}
		}
	}

	@Test
	void findingARowByItsTypeIdIsAConstantLookupOnMariaDb() throws SQLException {
		DataSource dataSource = installed(Database.MARIADB);
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute("CREATE TABLE post (id uuid PRIMARY KEY, title varchar(20) NOT NULL)");
			statement.execute("INSERT INTO post VALUES ('01890a5d-ac96-774b-bcce-b302099a8057', 'the one'),"
					+ " ('01890a5d-ac96-774b-bcce-b302099a8058', 'another')");
			String query = "SELECT title FROM post WHERE id = tsid_to_uuid('post_01h455vb4pex5vsknk084sn02q')";
			try (ResultSet plan = statement.executeQuery("EXPLAIN " + query)) {
				assertThat(plan.next()).isTrue();
				// DETERMINISTIC and a constant argument: evaluated once, a single-row primary-key read
				assertThat(plan.getString("type")).isEqualTo("const");
				assertThat(plan.getString("key")).isEqualTo("PRIMARY");
			}
			try (ResultSet result = statement.executeQuery(query)) {
				assertThat(result.next()).isTrue();
				assertThat(result.getString(1)).isEqualTo("the one");
				assertThat(result.next()).isFalse();
			}
		}
		// a value MariaDB's UUID type refuses: BINARY(16) takes it, UUID fails with MariaDB's own error
		JdbcRows sql = new JdbcRows(dataSource);
		UUID refusedByUuidType = UUID.fromString("ffffffff-ffff-8fff-7fff-ffffffffffff");
		assertThat(mariaDbUuidHolds(refusedByUuidType)).isFalse();
		String id = TypeId.of("", refusedByUuidType).toString();
		assertThat(sql.one("SELECT HEX(tsid_to_binary(?))", id)).isEqualTo("FFFFFFFFFFFF8FFF7FFFFFFFFFFFFFFF");
		assertThat(catchThrowable(() -> sql.one("SELECT tsid_to_uuid(?)", id))).isInstanceOf(SQLException.class)
			.hasMessageContaining("Incorrect uuid value");
	}

	@Provide
	Arbitrary<List<String>> candidates() {
		Arbitrary<String> valid = Combinators.combine(prefixes(), Arbitraries.longs(), Arbitraries.longs())
			.as((prefix, high, low) -> TypeId.of(prefix, new UUID(high, low)).toString());
		Arbitrary<String> interesting = Arbitraries.of("0", "7", "8", "9", "a", "h", "i", "j", "l", "o", "u", "v", "z",
				"A", "H", "I", "L", "O", "U", "V", "Z", "_", "-", ".", " ", "\n", "\t", "é", "K", "\u212A", "ß", "０");
		Arbitrary<String> mutated = Combinators
			.combine(valid, Arbitraries.integers().between(0, 9), Arbitraries.integers().between(0, 1000), interesting)
			.as(TypeIdSqlFunctionsTests::mutate);
		Arbitrary<String> twice = Combinators
			.combine(mutated, Arbitraries.integers().between(0, 9), Arbitraries.integers().between(0, 1000), interesting)
			.as(TypeIdSqlFunctionsTests::mutate);
		Arbitrary<String> random = Arbitraries.strings()
			.withChars("0123456789abcdefghjkmnpqrstvwxyz_ilouA8")
			.ofMinLength(0)
			.ofMaxLength(100);
		return Arbitraries.frequencyOf(Tuple.of(3, valid), Tuple.of(6, mutated), Tuple.of(3, twice), Tuple.of(1, random))
			.list()
			.ofSize(3000);
	}

	/**
	 * One mutation of a valid TypeID: {@code kind} picks what, {@code where} (modulo the length)
	 * where, {@code with} the text put in.
	 */
	private static String mutate(String text, int kind, int where, String with) {
		int at = (text.isEmpty()) ? 0 : where % text.length();
		String suffix = text.substring(Math.max(0, text.length() - 26));
		String prefix = text.substring(0, text.length() - suffix.length());
		return switch (kind) {
			case 0, 1 -> text.substring(0, at) + with + text.substring(Math.min(text.length(), at + 1));
			case 2 -> text.substring(0, at) + with + text.substring(at);
			case 3 -> text.substring(0, at) + text.substring(Math.min(text.length(), at + 1));
			case 4 -> text.toUpperCase();
			case 5 -> prefix + with + suffix.substring(Math.min(suffix.length(), 1));
			case 6 -> "_" + text;
			case 7 -> prefix + "_" + suffix;
			case 8 -> "a".repeat(where % 70) + "_" + suffix;
			default -> text.substring(0, at);
		};
	}

	/** Prefixes by the TypeID rules: none (empty) a tenth of the time, else 1 to 63 characters. */
	private static Arbitrary<String> prefixes() {
		Arbitrary<String> some = Arbitraries.integers().between(1, 63).flatMap((length) -> {
			if (length == 1) {
				return Arbitraries.strings().withChars(LETTERS).ofLength(1);
			}
			return Combinators
				.combine(Arbitraries.strings().withChars(LETTERS).ofLength(1),
						Arbitraries.strings().withChars(LETTERS + "_").ofLength(length - 2),
						Arbitraries.strings().withChars(LETTERS).ofLength(1))
				.as((first, middle, last) -> first + middle + last);
		});
		return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just("")), Tuple.of(9, some));
	}

	/**
	 * Whether MariaDB's UUID type (11.4) takes the value. It stores RFC 9562 versions 1 to 5 with
	 * their groups swapped and tells a swapped record by its bytes 6 and 8 (plugin/type_uuid,
	 * {@code rec_need_swap}), so it refuses a value that would read as swapped: byte 6 (the version,
	 * here 8 to 15) with its top bit set, and byte 8 from 0x01 to 0x80. No UUIDv7 is one; a TypeID can
	 * encode them all.
	 */
	private static boolean mariaDbUuidHolds(UUID value) {
		int versionByte = (int) (value.getMostSignificantBits() >>> 8) & 0xFF;
		byte variantByte = (byte) (value.getLeastSignificantBits() >>> 56);
		return (versionByte & 0x80) == 0 || (-variantByte & 0x80) == 0;
	}

	/** The UUID {@link TypeId#parse} reads from {@code text}, or {@code null} if it refuses it. */
	private static @Nullable String javaAnswer(String text) {
		try {
			return TypeId.parse(text).uuid().toString();
		}
		catch (InvalidIdException ex) {
			return null;
		}
	}

	private static String show(String text) {
		return "'" + text.replace("\n", "\\n").replace("\t", "\\t") + "'";
	}

	private static void check(List<String> mismatches, String text, String what, @Nullable String actual,
			String expected) {
		if (!expected.equals(actual)) {
			mismatches.add(what + " of " + text + ": " + actual + ", expected " + expected);
		}
	}

	private static void assertRefused(JdbcRows sql, String function, String argument, String reason) {
		Throwable thrown = catchThrowable(() -> sql.one("SELECT " + function, argument));
		assertThat(thrown).as(function + " of " + show(argument)).isInstanceOf(SQLException.class).hasMessageContaining(reason);
		assertThat(((SQLException) thrown).getSQLState()).isEqualTo("22023");
	}

	/**
	 * The IDs of the comparison: edge values first (zero, all ones, every single bit, the top bit
	 * patterns), then UUIDv7 values from the library's own generator, then random 128-bit values,
	 * each with a random prefix, a tenth without one.
	 */
	private static List<Sample> samples(Random random) {
		List<UUID> values = new ArrayList<>();
		values.add(new UUID(0, 0));
		values.add(new UUID(-1, -1));
		values.add(new UUID(Long.MIN_VALUE, 0));
		values.add(new UUID(Long.MAX_VALUE, -1));
		values.add(new UUID(0x5555555555555555L, 0x5555555555555555L));
		values.add(new UUID(0xAAAAAAAAAAAAAAAAL, 0xAAAAAAAAAAAAAAAAL));
		values.add(new UUID(0, -1));
		values.add(new UUID(-1, 0));
		for (int bit = 0; bit < 64; bit++) {
			values.add(new UUID(1L << bit, 0));
			values.add(new UUID(0, 1L << bit));
			values.add(new UUID(~(1L << bit), -1));
			values.add(new UUID(-1, ~(1L << bit)));
		}
		IdFormat uuidv7 = IdFormat.of(null, "_", IdAlgorithms.create(IdAlgorithms.UUIDV7, AlgorithmOptions.defaults()));
		while (values.size() < COUNT / 2) {
			values.add(TypeId.parse(uuidv7.next()).uuid());
		}
		while (values.size() < COUNT) {
			values.add(new UUID(random.nextLong(), random.nextLong()));
		}
		List<Sample> samples = new ArrayList<>();
		for (UUID value : values) {
			int length = random.nextInt(70);
			// no prefix: '' and NULL alike give the bare suffix
			String prefix = (length >= 63) ? ((length % 2 == 0) ? "" : null) : randomPrefix(random, length + 1);
			samples.add(new Sample(samples.size(), prefix, value));
		}
		return samples;
	}

	private static String randomPrefix(Random random, int length) {
		StringBuilder prefix = new StringBuilder(length);
		for (int i = 0; i < length; i++) {
			boolean edge = i == 0 || i == length - 1;
			prefix.append((edge || random.nextInt(5) > 0) ? LETTERS.charAt(random.nextInt(26)) : '_');
		}
		return prefix.toString();
	}

	private static void load(Database database, Connection connection, List<Sample> samples) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.execute((database == Database.POSTGRESQL)
					? "CREATE TABLE sample (n int PRIMARY KEY, id text NOT NULL, prefix text, value uuid NOT NULL)"
					: "CREATE TABLE sample (n int PRIMARY KEY, id varchar(90) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,"
							+ " prefix varchar(63) CHARACTER SET ascii COLLATE ascii_bin, value uuid,"
							+ " bytes binary(16) NOT NULL)");
		}
		String insert = (database == Database.POSTGRESQL) ? "INSERT INTO sample VALUES (?, ?, ?, ?)"
				: "INSERT INTO sample VALUES (?, ?, ?, ?, ?)";
		try (PreparedStatement statement = connection.prepareStatement(insert)) {
			for (Sample sample : samples) {
				statement.setInt(1, sample.n());
				statement.setString(2, sample.text());
				statement.setString(3, sample.prefix());
				if (database == Database.POSTGRESQL) {
					statement.setObject(4, sample.value());
				}
				else {
					statement.setString(4, mariaDbUuidHolds(sample.value()) ? sample.value().toString() : null);
					statement.setBytes(5, bytes(sample.value()));
				}
				statement.addBatch();
			}
			statement.executeBatch();
		}
	}

	private static byte[] bytes(UUID value) {
		return ByteBuffer.allocate(16)
			.putLong(value.getMostSignificantBits())
			.putLong(value.getLeastSignificantBits())
			.array();
	}

	/** A fresh database with the script of its dialect installed. */
	private static DataSource installed(Database database) {
		DataSource dataSource = database.newDatabase();
		install(database, dataSource);
		return dataSource;
	}

	/** Runs the shipped script as its users would (psql -f, the mariadb client). */
	private static void install(Database database, DataSource dataSource) {
		SqlScripts.run(database, dataSource, "META-INF/time-sorted-id/sql/" + database.label() + ".sql");
	}

	/** One ID of the comparison: its row number, prefix ({@code ""} or {@code null} for none) and value. */
	private record Sample(int n, @Nullable String prefix, UUID value) {

		String text() {
			return TypeId.of((this.prefix != null) ? this.prefix : "", this.value).toString();
		}

	}

	/** Single-value queries with bound string arguments. */
	private record JdbcRows(DataSource dataSource) {

		@Nullable String one(String sql, @Nullable String... arguments) throws SQLException {
			try (Connection connection = this.dataSource.getConnection();
					PreparedStatement statement = connection.prepareStatement(sql)) {
				for (int i = 0; i < arguments.length; i++) {
					statement.setString(i + 1, arguments[i]);
				}
				try (ResultSet result = statement.executeQuery()) {
					assertThat(result.next()).isTrue();
					return result.getString(1);
				}
			}
		}

	}

}
