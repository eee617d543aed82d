package io.github.timesortedid.testsupport;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.shapes.ShapesApplication;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.params.provider.Arguments;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shapes application ({@link ShapesApplication}, the catalog of entity shapes) on a fresh
 * database of one kind, in one storage, with Hibernate creating the schema and the schema check
 * on (its default), as an application starts for the first time.
 */
public final class ShapesOnDatabase implements AutoCloseable {

	private final Database database;

	private final String storage;

	private final DataSource dataSource;

	private final ConfigurableApplicationContext context;

	private ShapesOnDatabase(Database database, String storage, Map<String, Object> extra) {
		this.database = database;
		this.storage = storage;
		this.dataSource = database.newDatabase();
		Map<String, Object> properties = new HashMap<>(extra);
		properties.put("spring.jpa.hibernate.ddl-auto", "create");
		properties.put("time-sorted-id.storage", storage);
		this.context = new SpringApplicationBuilder(ShapesApplication.class).web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", this.dataSource))
			.properties(properties)
			.run();
	}

	/** Every database with each storage, for {@code @MethodSource}: the arguments {@code (Database, String)}. */
	public static Stream<Arguments> databasesAndStorages() {
		return Stream.of(Database.values())
			.flatMap(database -> Stream.of("text", "binary").map(storage -> Arguments.of(database, storage)));
	}

	/**
	 * Starts the shapes application.
	 * @param database the kind of database, a fresh one of which it gets
	 * @param storage {@code text} or {@code binary}, for {@code time-sorted-id.storage}
	 * @return the running application; close it
	 */
	public static ShapesOnDatabase start(Database database, String storage) {
		return start(database, storage, Map.of());
	}

	/**
	 * Starts the shapes application with more properties.
	 * @param database the kind of database, a fresh one of which it gets
	 * @param storage {@code text} or {@code binary}, for {@code time-sorted-id.storage}
	 * @param properties further properties of the application
	 * @return the running application; close it
	 */
	public static ShapesOnDatabase start(Database database, String storage, Map<String, Object> properties) {
		return new ShapesOnDatabase(database, storage, properties);
	}

	public boolean isBinary() {
		return this.storage.equals("binary");
	}

	public Database database() {
		return this.database;
	}

	public DataSource dataSource() {
		return this.dataSource;
	}

	public <T> T bean(Class<T> type) {
		return this.context.getBean(type);
	}

	/** Runs work in one transaction with the application's shared entity manager. */
	public <T> T inTransaction(Function<EntityManager, T> work) {
		EntityManager entityManager = SharedEntityManagerCreator
			.createSharedEntityManager(bean(EntityManagerFactory.class));
		return new TransactionTemplate(bean(PlatformTransactionManager.class))
			.execute(status -> work.apply(entityManager));
	}

	/**
	 * The type of a column as the database's JDBC driver names it ({@code DatabaseMetaData.getColumns},
	 * {@code TYPE_NAME}), in lower case: {@code uuid}, {@code varchar}, {@code character varying}.
	 */
	public String columnType(String table, String column) {
		try (Connection connection = this.dataSource.getConnection()) {
			DatabaseMetaData metadata = connection.getMetaData();
			for (String[] names : new String[][] { { table, column },
					{ table.toUpperCase(Locale.ROOT), column.toUpperCase(Locale.ROOT) } }) {
				try (ResultSet columns = metadata.getColumns(connection.getCatalog(), null, names[0], names[1])) {
					if (columns.next()) {
						return columns.getString("TYPE_NAME").toLowerCase(Locale.ROOT);
					}
				}
			}
			throw new IllegalStateException("no column " + table + "." + column + " in " + this.database.label());
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Asserts that each column holds IDs as this storage keeps them: {@code uuid}, or the driver's
	 * text type.
	 * @param columns {@code table.column} names
	 */
	public void assertIdColumns(String... columns) {
		String expected = isBinary() ? "uuid" : (this.database == Database.H2) ? "character varying" : "varchar";
		for (String column : columns) {
			String[] names = column.split("\\.");
			assertThat(columnType(names[0], names[1])).as(this + " " + column).isEqualTo(expected);
		}
	}

	@Override
	public void close() {
		this.context.close();
	}

	@Override
	public String toString() {
		return this.database.label() + " " + this.storage;
	}

}
