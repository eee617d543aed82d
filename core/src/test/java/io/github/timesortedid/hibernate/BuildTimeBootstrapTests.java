package io.github.timesortedid.hibernate;

import java.sql.Connection;
import java.util.Map;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.engine.jdbc.connections.spi.ConnectionProvider;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hibernate booted without a database, as Spring Data JPA's AOT repository generation does at build
 * time ({@code hibernate.boot.allow_jdbc_metadata_access=false}, connections refused): the IDs are
 * still registered and shaped, and the schema check, which needs the database, waits for a run.
 */
class BuildTimeBootstrapTests {

	@Test
	void withoutJdbcAccessAtBootTheSchemaCheckIsLeftForRunTime() {
		Map<String, Object> settings = Map.of("hibernate.boot.allow_jdbc_metadata_access", "false", "hibernate.dialect",
				H2Dialect.class.getName(), "hibernate.connection.provider_class", NoConnections.class.getName());
		StandardServiceRegistry registry = new StandardServiceRegistryBuilder().applySettings(settings).build();
		try (SessionFactory factory = new MetadataSources(registry).addAnnotatedClass(Entities.Post.class)
			.buildMetadata()
			.buildSessionFactory()) {
			TimeSortedIdRegistry ids = factory.unwrap(org.hibernate.engine.spi.SessionFactoryImplementor.class)
				.getServiceRegistry()
				.requireService(RegistryService.class).registry();
			assertThat(ids.fields()).extracting(IdField::entityName).contains("Post");
		}
		finally {
			StandardServiceRegistryBuilder.destroy(registry);
		}
	}

	/** The connection provider of a build without a database. */
	public static class NoConnections implements ConnectionProvider {

		private static final long serialVersionUID = 1L;

		@Override
		public Connection getConnection() {
			throw new UnsupportedOperationException("No database at build time");
		}

		@Override
		public void closeConnection(Connection connection) {
		}

		@Override
		public boolean supportsAggressiveRelease() {
			return false;
		}

		@Override
		public boolean isUnwrappableAs(Class<?> type) {
			return false;
		}

		@Override
		public <T> T unwrap(Class<T> type) {
			throw new UnsupportedOperationException();
		}

	}

}
