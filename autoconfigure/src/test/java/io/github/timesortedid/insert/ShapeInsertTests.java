package io.github.timesortedid.insert;

import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.IdStorage;
import io.github.timesortedid.autoconfigure.fixtures.shapes.Ledger;
import io.github.timesortedid.autoconfigure.fixtures.shapes.Samples;
import io.github.timesortedid.autoconfigure.fixtures.shapes.Samples.Sample;
import io.github.timesortedid.autoconfigure.fixtures.shapes.ShapesApplication;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.CommitFault;
import io.github.timesortedid.testsupport.Database;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.EntityMappingType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Retry-safe inserts over the whole catalog of entity shapes, on H2, PostgreSQL and MariaDB, with
 * the IDs kept as text and as binary, and in tables partitioned by day on PostgreSQL (text and
 * binary) and MariaDB (text): a
 * plain insert, a lost and a failed commit, an identical replay (new objects with the same values
 * and the first insert's ID) and a replay with one attribute changed, outside a transaction and
 * inside the caller's.
 */
class ShapeInsertTests {

	private static final Map<Target, Store> stores = new HashMap<>();

	static Stream<Arguments> shapes() {
		Stream<Target> whole = Stream.of(IdStorage.TEXT, IdStorage.BINARY)
			.flatMap(storage -> Stream.of(Database.values()).map(database -> new Target(database, storage, false)));
		// every root of the catalog in a partitioned table, but the passport, whose one-to-one is a
		// unique key without the ID (PartitionConfigurationTests); MariaDB partitions text keys
		Stream<Target> partitioned = Stream.of(new Target(Database.POSTGRESQL, IdStorage.TEXT, true),
				new Target(Database.POSTGRESQL, IdStorage.BINARY, true), new Target(Database.MARIADB, IdStorage.TEXT, true));
		return Stream.concat(whole, partitioned)
			.flatMap(target -> Samples.all().stream().map(sample -> Arguments.of(target, sample)));
	}

	/** The roots of the catalog whose tables can be partitioned by their IDs. */
	static final List<String> PARTITIONED = List.of("Article", "Consignment", "Crate", "Dossier", "Family", "Folder",
			"Invoice", "Ledger", "Pallet", "Person", "Relative");

	@AfterAll
	static void close() {
		stores.values().forEach(Store::close);
		stores.clear();
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void aPlainInsertIsStoredOnce(Target target, Sample sample) {
		Store store = store(target);
		Object entity = sample.make().get();
		InsertResult<Object> result = store.inserter().insert(entity);
		assertThat(result.created()).isTrue();
		assertThat(result.attempts()).isOne();
		assertThat(store.rows(entity)).isOne();
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void anIdenticalReplayIsTheStoredRow(Target target, Sample sample) {
		Store store = store(target);
		Object first = sample.make().get();
		store.inserter().insert(first);
		Object again = store.replayOf(first, sample);
		InsertResult<Object> result = store.inserter().insert(again);
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(store.rows(first)).isOne();
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void aLostCommitIsFoundStored(Target target, Sample sample) {
		Store store = store(target);
		Object entity = sample.make().get();
		store.commits().arm(CommitFault.Kind.LOST);
		InsertResult<Object> result = store.inserter().insert(entity);
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(result.attempts()).isEqualTo(2);
		assertThat(store.rows(entity)).isOne();
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void aFailedCommitIsRetriedWhole(Target target, Sample sample) {
		Store store = store(target);
		Object entity = sample.make().get();
		store.commits().arm(CommitFault.Kind.FAILED);
		InsertResult<Object> result = store.inserter().insert(entity);
		assertThat(result.created()).isTrue();
		assertThat(result.attempts()).isEqualTo(2);
		// the retried insert wrote everything the first attempt would have: a replay finds it identical
		assertThat(store.inserter().insert(store.replayOf(entity, sample)).alreadyExisted()).isTrue();
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void aReplayWithOtherDataIsAConflictNamingIt(Target target, Sample sample) {
		Store store = store(target);
		Object first = sample.make().get();
		store.inserter().insert(first);
		Object changed = store.replayOf(first, sample);
		sample.change().accept(changed);
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> store.inserter().insert(changed))
			.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactly(sample.changed()));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void insideATransactionAReplayIsTheStoredRowAndAChangeAConflict(Target target, Sample sample) {
		Store store = store(target);
		Object first = sample.make().get();
		store.inserter().insert(first);
		new TransactionTemplate(store.transactions()).executeWithoutResult(status -> {
			assertThat(store.inserter().insert(store.replayOf(first, sample)).alreadyExisted()).isTrue();
			Object changed = store.replayOf(first, sample);
			sample.change().accept(changed);
			assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> store.inserter().insert(changed))
				.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactly(sample.changed()));
		});
		assertThat(store.rows(first)).isOne();
	}

	static Stream<Arguments> timesThatRoundUp() {
		// past the column's digits (Hibernate's time(0)), and past the milliseconds Hibernate binds a
		// LocalTime with: up to the next second, down to this one, and up past midnight
		List<String> times = List.of("23:59:59.999999501", "23:59:59.999999999", "23:59:59.9995", "23:59:59.5",
				"23:59:59.4996", "10:00:00.9996", "10:00:00.5", "10:00:00.4996", "10:00:00.4994", "10:00:00.0000005");
		return Stream.of(Database.values())
			.flatMap(database -> times.stream()
				.map(time -> Arguments.of(new Target(database, IdStorage.TEXT, false), LocalTime.parse(time))));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("timesThatRoundUp")
	void aTimeOfDayPastItsColumnsDigitsReplaysAndAnotherSecondIsAConflict(Target target, LocalTime dueBy) {
		Store store = store(target);
		Ledger first = (Ledger) LEDGER.make().get();
		first.dueBy = dueBy;
		store.inserter().insert(first);
		Ledger again = (Ledger) store.replayOf(first, LEDGER);
		again.dueBy = dueBy;
		assertThat(store.inserter().insert(again).alreadyExisted()).as("replay of %s", dueBy).isTrue();
		Ledger changed = (Ledger) store.replayOf(first, LEDGER);
		changed.dueBy = dueBy.minusSeconds(2);
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> store.inserter().insert(changed))
			.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactly("dueBy"));
		assertThat(store.rows(first)).isOne();
	}

	private static final Sample LEDGER = Samples.all().stream()
		.filter(sample -> sample.make().get() instanceof Ledger)
		.findFirst()
		.orElseThrow();

	private static synchronized Store store(Target target) {
		return stores.computeIfAbsent(target, Store::start);
	}

	/** A database, how the IDs are kept in it, and whether the tables are partitioned by them. */
	record Target(Database database, IdStorage storage, boolean partitioned) {

		@Override
		public String toString() {
			return this.database.label() + " " + this.storage.name().toLowerCase(Locale.ROOT)
					+ (this.partitioned ? " partitioned" : "");
		}

	}

	/** The shapes application on one database, its commits breakable. */
	record Store(ConfigurableApplicationContext context, HikariDataSource pool, CommitFault commits,
			RetrySafeInserter inserter, PlatformTransactionManager transactions, EntityManagerFactory entityManagers) {

		static Store start(Target target) {
			Database database = target.database();
			DataSource raw = database.newDatabase();
			if (database == Database.MARIADB) {
				new JdbcTemplate(raw).execute("ALTER DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
			}
			CommitFault commits = new CommitFault();
			HikariDataSource pool = new HikariDataSource();
			pool.setDataSource(commits.around(raw));
			pool.setMaximumPoolSize(4);
			pool.setPoolName("shapes-" + target.toString().replace(' ', '-'));
			ConfigurableApplicationContext context = new SpringApplicationBuilder(ShapesApplication.class)
				.web(WebApplicationType.NONE)
				.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", pool))
				.properties("spring.jpa.hibernate.ddl-auto=create", "time-sorted-id.insert.initial-delay=1ms",
						"time-sorted-id.insert.jitter=0ms", "logging.level.org.hibernate.orm.jdbc.error=off",
						"logging.level.com.zaxxer.hikari=error",
						"time-sorted-id.storage=" + target.storage().name().toLowerCase(Locale.ROOT))
				.properties(target.partitioned() ? PARTITIONED.stream()
					.map(entity -> "time-sorted-id.partitions." + entity + ".interval=day")
					.toArray(String[]::new) : new String[0])
				.run();
			if (target.partitioned()) {
				assertThat(context.getBean(TimeSortedIdRegistry.class).partitionMaintenance().orElseThrow().tables())
					.hasSize(PARTITIONED.size());
			}
			return new Store(context, pool, commits, context.getBean(RetrySafeInserter.class),
					context.getBean(PlatformTransactionManager.class), context.getBean(EntityManagerFactory.class));
		}

		/** The same request again: new objects with the same values and the first root's ID. */
		Object replayOf(Object first, Sample sample) {
			Object again = sample.make().get();
			EntityMappingType type = type(first);
			type.getIdentifierMapping().setIdentifier(again, type.getIdentifierMapping().getIdentifier(first), null);
			return again;
		}

		/** How many rows the entity's table holds with its ID. */
		long rows(Object entity) {
			EntityMappingType type = type(entity);
			try (EntityManager entityManager = this.entityManagers.createEntityManager()) {
				return entityManager
					.createQuery("select count(e) from " + type.getEntityName() + " e where e.id = :id", Long.class)
					.setParameter("id", type.getIdentifierMapping().getIdentifier(entity))
					.getSingleResult();
			}
		}

		private EntityMappingType type(Object entity) {
			return this.entityManagers.unwrap(SessionFactoryImplementor.class)
				.getMappingMetamodel()
				.getEntityDescriptor(entity.getClass());
		}

		void close() {
			this.context.close();
			this.pool.close();
		}

	}

}
