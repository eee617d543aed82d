package io.github.timesortedid.benchmarks.inserts;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;

/**
 * Inserts rows through Hibernate with JDBC batching on ({@code hibernate.jdbc.batch_size=50},
 * PgJDBC {@code reWriteBatchedInserts=true}) into embedded PostgreSQL, once per key strategy, and
 * measures rows per second (also per slice), the primary-key index size and the table size. The
 * primary-key column's type is checked against the one the strategy states, so that a run never
 * measures another column than its label says (binary storage's {@code uuid}, for one).
 */
public final class InsertBenchmark {

	/**
	 * A key strategy: its label, its entity, how to make row {@code n}, and the type of the
	 * primary-key column the schema must have, as PostgreSQL's {@code format_type} names it.
	 */
	public record Strategy(String label, boolean ours, Class<?> entity, LongFunction<Object> row, String keyType) {
	}

	/** What one run measured, and the primary-key column's type it measured it on. */
	public record Result(String strategy, boolean ours, long rows, double rowsPerSecond, long primaryKeyBytes,
			long tableBytes, List<Double> sliceRowsPerSecond, String keyType) {
	}

	public static final List<Strategy> STRATEGIES = List.of(
			new Strategy("IDENTITY bigint", false, IdentityRow.class, IdentityRow::create, "bigint"),
			new Strategy("SEQUENCE bigint (pooled 50)", false, SequenceRow.class, SequenceRow::create, "bigint"),
			new Strategy("random UUIDv4 string", false, RandomUuidRow.class, RandomUuidRow::create,
					"character varying(36)"),
			new Strategy("Hibernate @UuidGenerator v7", false, HibernateUuidV7Row.class, HibernateUuidV7Row::create,
					"uuid"),
			new Strategy("@TimeSortedId uuidv7 string", true, TimeSortedIdRow.class, TimeSortedIdRow::create,
					"character varying(31)"),
			new Strategy("@TimeSortedId uuidv7 binary", true, TimeSortedIdBinaryRow.class,
					TimeSortedIdBinaryRow::create, "uuid"),
			new Strategy("@TimeSortedId snowflake long", true, SnowflakeRow.class, SnowflakeRow::create, "bigint"));

	private static final int BATCH = 50;

	private static final int COMMIT_EVERY = 10_000;

	private final EmbeddedPostgres postgres;

	private int databases;

	public InsertBenchmark(EmbeddedPostgres postgres) {
		this.postgres = postgres;
	}

	/** The server settings that matter for the numbers, for the report. */
	public Map<String, String> settings() throws SQLException {
		Map<String, String> settings = new LinkedHashMap<>();
		try (Connection connection = this.postgres.getPostgresDatabase().getConnection();
				Statement statement = connection.createStatement()) {
			for (String name : List.of("server_version", "shared_buffers", "fsync", "synchronous_commit")) {
				try (ResultSet result = statement.executeQuery("SHOW " + name)) {
					result.next();
					settings.put(name, result.getString(1));
				}
			}
		}
		return settings;
	}

	public Result run(Strategy strategy, long rows, long slice) throws SQLException {
		String database = "bench" + (++this.databases);
		try (Connection connection = this.postgres.getPostgresDatabase().getConnection();
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE " + database);
		}
		// Hibernate's default naming: the entity name, which PostgreSQL folds to lower case
		String table = strategy.entity().getSimpleName().toLowerCase();
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("hibernate.connection.url", this.postgres.getJdbcUrl("postgres", database) + "&reWriteBatchedInserts=true");
		settings.put("hibernate.connection.username", "postgres");
		settings.put("hibernate.hbm2ddl.auto", "create");
		settings.put("hibernate.jdbc.batch_size", String.valueOf(BATCH));
		settings.put("hibernate.order_inserts", "true");
		StandardServiceRegistry registry = new StandardServiceRegistryBuilder().applySettings(settings).build();
		List<Double> slices = new ArrayList<>();
		long started;
		long finished;
		try (SessionFactory factory = new MetadataSources(registry).addAnnotatedClass(strategy.entity())
			.buildMetadata()
			.buildSessionFactory()) {
			checkKeyType(database, table, strategy.keyType());
			try (Session session = factory.openSession()) {
				session.beginTransaction();
				started = System.nanoTime();
				long sliceStarted = started;
				for (long n = 1; n <= rows; n++) {
					session.persist(strategy.row().apply(n));
					if (n % BATCH == 0) {
						session.flush();
						session.clear();
					}
					if (n % COMMIT_EVERY == 0) {
						session.getTransaction().commit();
						session.beginTransaction();
					}
					if (n % slice == 0) {
						long now = System.nanoTime();
						slices.add(slice / ((now - sliceStarted) / 1e9));
						sliceStarted = now;
					}
				}
				session.flush();
				session.getTransaction().commit();
				finished = System.nanoTime();
			}
		}
		finally {
			StandardServiceRegistryBuilder.destroy(registry);
		}
		long[] sizes = sizes(database, table, rows);
		return new Result(strategy.label(), strategy.ours(), rows, rows / ((finished - started) / 1e9), sizes[0], sizes[1],
				slices, strategy.keyType());
	}

	private void checkKeyType(String database, String table, String expected) throws SQLException {
		try (Connection connection = this.postgres.getDatabase("postgres", database).getConnection();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT format_type(a.atttypid, a.atttypmod) FROM pg_index i "
						+ "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] "
						+ "WHERE i.indrelid = '" + table + "'::regclass AND i.indisprimary")) {
			String found = result.next() ? result.getString(1) : "no primary key";
			if (!found.equals(expected)) {
				throw new IllegalStateException(table + "'s primary key is " + found + ", expected " + expected);
			}
		}
	}

	private long[] sizes(String database, String table, long rows) throws SQLException {
		try (Connection connection = this.postgres.getDatabase("postgres", database).getConnection();
				Statement statement = connection.createStatement()) {
			try (ResultSet count = statement.executeQuery("SELECT count(*) FROM " + table)) {
				count.next();
				if (count.getLong(1) != rows) {
					throw new IllegalStateException(table + " has " + count.getLong(1) + " rows, expected " + rows);
				}
			}
			try (ResultSet result = statement.executeQuery("SELECT pg_relation_size(i.indexrelid), pg_relation_size(i.indrelid) "
					+ "FROM pg_index i WHERE i.indrelid = '" + table + "'::regclass AND i.indisprimary")) {
				result.next();
				return new long[] { result.getLong(1), result.getLong(2) };
			}
		}
	}

}
