package io.github.timesortedid.schema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.matrix.MatrixApplication;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MatrixRow;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchRandom;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchSequential;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchUtcId;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchUtcRandom;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxHexUlid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKsuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKuuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxObjectId;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxRandom;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxSnowflakeLong;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxSnowflakeText;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxTyped;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUlid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUlidBinary;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUlidUuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUuidv7;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUuidv7Uuid;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.IdValueType;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.Database;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every algorithm, encoding and field type on H2, embedded PostgreSQL and embedded MariaDB, each
 * with its default collation: 10,000 rows inserted through Hibernate, read back equal, and
 * {@code ORDER BY id} giving generation order for every time-ordered algorithm. With
 * {@code ddl-auto=create} each ID column has the exact type, length and collation its IDs need.
 */
class DatabaseMatrixTests {

	private static final int ROWS = 10_000;

	private static final List<Class<? extends MatrixRow>> EVERY_ENTITY = List.of(MxUuidv7.class, MxUlid.class,
			MxKuuid.class, MxKsuid.class, MxHexUlid.class, MxCouchRandom.class, MxCouchSequential.class,
			MxCouchUtcRandom.class, MxCouchUtcId.class, MxSnowflakeText.class, MxObjectId.class, MxRandom.class,
			MxSnowflakeLong.class, MxUuidv7Uuid.class, MxUlidUuid.class, MxUlidBinary.class, MxTyped.class);

	/** Every entity whose IDs have a binary form, and those whose type is binary already. */
	private static final List<Class<? extends MatrixRow>> BINARY_ENTITIES = EVERY_ENTITY.stream()
		.filter(type -> type != MxCouchUtcId.class && type != MxSnowflakeText.class)
		.toList();

	record Profile(String name, Map<String, String> properties, List<Class<? extends MatrixRow>> entities) {

		@Override
		public String toString() {
			return this.name;
		}

	}

	static Stream<Arguments> matrix() {
		List<Profile> profiles = List.of(
				new Profile("defaults", Map.of("time-sorted-id.couchdb-utc-id.suffix", "@node1"), EVERY_ENTITY),
				new Profile("base36+kuuid-ms+snowflake-base32",
						Map.of("time-sorted-id.uuidv7.encoding", "base36", "time-sorted-id.kuuid.millisecond", "true",
								"time-sorted-id.snowflake.encoding", "base32"),
						List.of(MxUuidv7.class, MxKuuid.class, MxSnowflakeText.class)),
				new Profile("base62+kuuid-reverse+snowflake-base62+random-256",
						Map.of("time-sorted-id.uuidv7.encoding", "base62", "time-sorted-id.kuuid.reverse", "true",
								"time-sorted-id.snowflake.encoding", "base62", "time-sorted-id.random.bits", "256"),
						List.of(MxUuidv7.class, MxKuuid.class, MxSnowflakeText.class, MxRandom.class)),
				new Profile("hex+kuuid-ms-reverse",
						Map.of("time-sorted-id.uuidv7.encoding", "hex", "time-sorted-id.kuuid.millisecond", "true",
								"time-sorted-id.kuuid.reverse", "true"),
						List.of(MxUuidv7.class, MxKuuid.class)),
				new Profile("canonical", Map.of("time-sorted-id.uuidv7.encoding", "canonical", "time-sorted-id.separator", ":"),
						List.of(MxUuidv7.class)),
				new Profile("binary", Map.of("time-sorted-id.storage", "binary"), BINARY_ENTITIES),
				new Profile("binary+base62+kuuid-reverse+random-256",
						Map.of("time-sorted-id.storage", "binary", "time-sorted-id.uuidv7.encoding", "base62",
								"time-sorted-id.kuuid.reverse", "true", "time-sorted-id.random.bits", "256"),
						List.of(MxUuidv7.class, MxKuuid.class, MxRandom.class)),
				new Profile("binary+canonical", Map.of("time-sorted-id.storage", "binary", "time-sorted-id.uuidv7.encoding",
						"canonical"), List.of(MxUuidv7.class)));
		return Stream.of(Database.values())
			.flatMap(database -> profiles.stream().map(profile -> Arguments.of(database, profile)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("matrix")
	void everyAlgorithmRoundTripsInGenerationOrderWithTheColumnItNeeds(Database database, Profile profile) {
		// MariaDB's uuid type refuses ULIDs; that case stops startup, see the next test
		List<Class<? extends MatrixRow>> entities = profile.entities()
			.stream()
			.filter(type -> database != Database.MARIADB || type != MxUlidUuid.class)
			.toList();
		DataSource dataSource = database.newDatabase();
		Map<String, Object> properties = new HashMap<>(profile.properties());
		properties.put("test.entities", entities.stream().map(Class::getName).collect(Collectors.joining(",")));
		properties.put("spring.jpa.hibernate.ddl-auto", "create");
		properties.put("spring.jpa.properties.hibernate.jdbc.batch_size", "200");
		properties.put("spring.jpa.properties.hibernate.order_inserts", "true");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(MatrixApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties(properties)
			.run()) {
			EntityManagerFactory factory = context.getBean(EntityManagerFactory.class);
			EntityManager entityManager = SharedEntityManagerCreator.createSharedEntityManager(factory);
			TransactionTemplate transactions = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
			TimeSortedIdRegistry registry = context.getBean(TimeSortedIdRegistry.class);
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			for (Class<? extends MatrixRow> type : entities) {
				IdField field = registry.field(type.getSimpleName(), "id").orElseThrow();
				String what = database.label() + " " + profile + " " + field.format();
				Object[] ids = insert(type, factory, entityManager, transactions);
				List<MatrixRow> stored = transactions.execute(status -> entityManager
					.createQuery("select e from " + type.getSimpleName() + " e order by e.id", MatrixRow.class)
					.getResultList());
				assertThat(stored).as(what).hasSize(ROWS);
				List<Integer> order = new ArrayList<>();
				for (MatrixRow row : stored) {
					assertThat(factory.getPersistenceUnitUtil().getIdentifier(row)).as(what).isEqualTo(ids[row.getSeq()]);
					assertThat(row.getPayload()).as(what).isEqualTo("row " + row.getSeq());
					order.add(row.getSeq());
				}
				if (field.isTimeOrdered()) {
					List<Integer> expected = new ArrayList<>(order);
					expected.sort(field.isDescending() ? java.util.Comparator.reverseOrder() : java.util.Comparator.naturalOrder());
					assertThat(order).as(what + ": ORDER BY id is generation order").isEqualTo(expected);
				}
				assertThat(ColumnInspector.describe(database, jdbc, table(type), "id")).as(what)
					.isEqualTo(expectedColumn(database, field, type));
			}
		}
	}

	@org.junit.jupiter.api.Test
	void aUlidInMariaDbsUuidTypeStopsStartupNamingTableColumnAndFix() {
		DataSource dataSource = Database.MARIADB.newDatabase();
		Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> new SpringApplicationBuilder(MatrixApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("test.entities=" + MxUlidUuid.class.getName(), "spring.jpa.hibernate.ddl-auto=create")
			.run()
			.close());
		Throwable cause = failure;
		while (cause != null && !(cause instanceof io.github.timesortedid.model.TimeSortedIdConfigurationException)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("cause of " + failure).isNotNull();
		assertThat(cause.getMessage()).contains("Entity 'MxUlidUuid', attribute 'id' (table 'mx_ulid_uuid', column 'id') "
				+ "stores ulid values in MariaDB's uuid type, which rejects them")
			.contains("Store the attribute as binary(16) with @JdbcTypeCode(SqlTypes.BINARY)");
	}

	private static Object[] insert(Class<? extends MatrixRow> type, EntityManagerFactory factory,
			EntityManager entityManager, TransactionTemplate transactions) {
		Object[] ids = new Object[ROWS];
		for (int batch = 0; batch < ROWS; batch += 1000) {
			int first = batch;
			transactions.executeWithoutResult(status -> {
				for (int seq = first; seq < first + 1000; seq++) {
					MatrixRow row = newRow(type).fill(seq);
					entityManager.persist(row);
					ids[seq] = factory.getPersistenceUnitUtil().getIdentifier(row);
				}
			});
		}
		return ids;
	}

	private static MatrixRow newRow(Class<? extends MatrixRow> type) {
		try {
			return type.getDeclaredConstructor().newInstance();
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Spring Boot's naming strategy: {@code MxCouchUtcId} is table {@code mx_couch_utc_id}. */
	static String table(Class<?> type) {
		return type.getSimpleName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase();
	}

	private static String expectedColumn(Database database, IdField field, Class<?> type) {
		if (type == MxUlidBinary.class) {
			return (database == Database.H2) ? "BINARY(16)" : (database == Database.POSTGRESQL) ? "bytea" : "binary(16)";
		}
		if (field.binary() != null) {
			int bytes = field.binary().length();
			// 128-bit bodies in the uuid type, but for MariaDB's, which takes RFC 9562 values only
			boolean uuid = bytes == 16 && (database != Database.MARIADB || field.format().algorithm().name().equals("uuidv7"));
			return switch (database) {
				case H2 -> uuid ? "UUID" : "BINARY(" + bytes + ")";
				case POSTGRESQL -> uuid ? "uuid" : "bytea";
				default -> uuid ? "uuid" : "binary(" + bytes + ")";
			};
		}
		int length = field.format().length();
		boolean text = field.valueType() == IdValueType.STRING || field.valueType() == IdValueType.TYPED;
		switch (database) {
			case H2:
				return text ? "CHARACTER VARYING(" + length + ")" : (field.valueType() == IdValueType.LONG) ? "BIGINT" : "UUID";
			case POSTGRESQL:
				return text ? "character varying(" + length + ") collate C"
						: (field.valueType() == IdValueType.LONG) ? "bigint" : "uuid";
			default:
				return text ? "varchar(" + length + ") ascii ascii_bin" : (field.valueType() == IdValueType.LONG) ? "bigint(20)" : "uuid";
		}
	}

}
