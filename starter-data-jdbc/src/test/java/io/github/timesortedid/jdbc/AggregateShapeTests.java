package io.github.timesortedid.jdbc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.github.f4b6a3.ulid.Ulid;
import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.insert.AggregateInsertRepository;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.jdbc.shapes.Cargo;
import io.github.timesortedid.jdbc.shapes.CargoId;
import io.github.timesortedid.jdbc.shapes.Crew;
import io.github.timesortedid.jdbc.shapes.Ledger;
import io.github.timesortedid.jdbc.shapes.Shapes;
import io.github.timesortedid.jdbc.shapes.Shapes.Change;
import io.github.timesortedid.jdbc.shapes.Shapes.References;
import io.github.timesortedid.jdbc.shapes.Shapes.Shape;
import io.github.timesortedid.jdbc.shapes.ShapesApplication;
import io.github.timesortedid.jdbc.shapes.Voyage;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.query.TimeRangeRepository;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.support.Repositories;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Every feature over the whole catalog of Spring Data JDBC aggregate shapes ({@link Shapes}), on H2,
 * PostgreSQL and MariaDB, one application per database whose schema check passed on the catalog's
 * tables: save and find, an ID minted ahead (alone and in saveAll, new, stored and both), retry-safe
 * inserts and their replays (identical, and changed in one property of each kind), alone and in
 * batches ({@code insertAll}), the ID resolver,
 * time ranges, and binary IDs as their bits.
 */
class AggregateShapeTests {

	private static final Map<Database, Catalog> catalogs = new EnumMap<>(Database.class);

	@AfterAll
	static void close() {
		catalogs.values().forEach(catalog -> catalog.context().close());
	}

	static Stream<Arguments> shapes() {
		return Stream.of(Database.values())
			.flatMap(database -> Shapes.all().stream().map(shape -> Arguments.of(database, shape)));
	}

	static Stream<Arguments> changes() {
		return Stream.of(Database.values())
			.flatMap(database -> Shapes.all()
				.stream()
				.flatMap(shape -> shape.changes().stream().map(change -> Arguments.of(database, shape, change))));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void aNewAggregateIsSavedWithLibraryIdsAndFoundFieldByField(Database database, Shape shape) {
		Catalog catalog = catalog(database);
		Object saved = catalog.repository(shape).save(catalog.make(shape));
		Object id = catalog.id(saved);
		assertThat(id).isInstanceOf(catalog.idType(shape));
		assertFound(catalog, shape, saved);
		// an ID minted ahead, as a client that retries holds one before its first attempt
		Object ahead = catalog.make(shape);
		Object minted = catalog.bean(TimeSortedIds.class).next(shape.type());
		catalog.setId(ahead, minted);
		assertThat(catalog.id(catalog.repository(shape).save(ahead))).isEqualTo(minted);
		assertFound(catalog, shape, ahead);
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void saveAllOfIdsSetAheadInsertsTheNewAndUpdatesTheStored(Database database, Shape shape) {
		Catalog catalog = catalog(database);
		TimeSortedIds ids = catalog.bean(TimeSortedIds.class);
		List<Object> ahead = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			Object aggregate = catalog.make(shape);
			catalog.setId(aggregate, ids.next(shape.type()));
			ahead.add(aggregate);
		}
		// all new: counted together and inserted
		List<Object> saved = catalog.repository(shape).saveAll(ahead);
		saved.forEach(each -> assertFound(catalog, shape, each));
		Map<String, Long> rows = catalog.rows();
		// all stored: loaded and saved again, nothing added (a Persistable that calls itself new is inserted
		// again, as it says, so the aggregates are loaded, as an application that edits them does)
		List<Object> loaded = catalog.repository(shape).findAllById(saved.stream().map(catalog::id).toList());
		assertThat(loaded).hasSize(3);
		List<Object> again = catalog.repository(shape).saveAll(loaded);
		assertThat(catalog.rows()).isEqualTo(rows);
		long stored = catalog.repository(shape).count();
		// both kinds in one call
		Object fresh = catalog.make(shape);
		catalog.setId(fresh, ids.next(shape.type()));
		List<Object> both = catalog.repository(shape).saveAll(List.of(again.get(0), fresh));
		assertThat(both).extracting(catalog::id).containsExactly(catalog.id(again.get(0)), catalog.id(fresh));
		both.forEach(each -> assertFound(catalog, shape, each));
		assertThat(catalog.repository(shape).count()).isEqualTo(stored + 1);
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void aReplayAlreadyExistedAndWritesNothing(Database database, Shape shape) {
		Catalog catalog = catalog(database);
		InsertResult<Object> created = catalog.inserts(shape).insert(catalog.make(shape));
		assertThat(created.created()).isTrue();
		Map<String, Long> rows = catalog.rows();
		Object replay = catalog.replayOf(shape, created.entity());
		InsertResult<Object> replayed = catalog.inserts(shape).insert(replay);
		assertThat(replayed.alreadyExisted()).isTrue();
		assertThat(catalog.id(replayed.entity())).isEqualTo(catalog.id(created.entity()));
		assertThat(catalog.rows()).isEqualTo(rows);
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void aReplayInsideATransactionAlreadyExisted(Database database, Shape shape) {
		Catalog catalog = catalog(database);
		Object first = catalog.inserts(shape).insert(catalog.make(shape)).entity();
		Map<String, Long> rows = catalog.rows();
		// inside a transaction the ID is looked up before anything is written: the replay is compared as
		// an insert would store it, after the application's callbacks
		InsertResult<Object> replayed = new TransactionTemplate(catalog.bean(PlatformTransactionManager.class))
			.execute(status -> catalog.inserts(shape).insert(catalog.replayOf(shape, first)));
		assertThat(replayed.alreadyExisted()).isTrue();
		assertThat(catalog.rows()).isEqualTo(rows);
	}

	@ParameterizedTest(name = "{0} {1}: {2}")
	@MethodSource("changes")
	void aReplayChangedInOnePropertyIsAConflictNamingIt(Database database, Shape shape, Change change) {
		Catalog catalog = catalog(database);
		Object first = catalog.inserts(shape).insert(catalog.make(shape)).entity();
		Map<String, Long> rows = catalog.rows();
		Object changed = catalog.replayOf(shape, first);
		change.apply().accept(changed);
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> catalog.inserts(shape).insert(changed))
			.satisfies(conflict -> assertThat(conflict.getDifferingAttributes())
				.containsExactlyElementsOf(change.properties()));
		assertThat(catalog.rows()).isEqualTo(rows);
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void insertAllStoresTheBatchAndAnswersItsReplaysAndConflicts(Database database, Shape shape) {
		Catalog catalog = catalog(database);
		TimeSortedIds ids = catalog.bean(TimeSortedIds.class);
		List<InsertResult<Object>> created = catalog.inserts(shape).insertAll(List.of(catalog.make(shape), catalog.make(shape)));
		assertThat(created).extracting(InsertResult::created).containsExactly(true, true);
		created.forEach(result -> assertFound(catalog, shape, result.entity()));
		long stored = catalog.repository(shape).count();
		// the two again, as new objects, beside a new aggregate whose ID was set ahead
		Object fresh = catalog.make(shape);
		catalog.setId(fresh, ids.next(shape.type()));
		List<InsertResult<Object>> again = catalog.inserts(shape)
			.insertAll(List.of(catalog.replayOf(shape, created.get(0).entity()), fresh,
					catalog.replayOf(shape, created.get(1).entity())));
		assertThat(again).extracting(InsertResult::created).containsExactly(false, true, false);
		assertThat(again).extracting(result -> catalog.id(result.entity()))
			.containsExactly(catalog.id(created.get(0).entity()), catalog.id(fresh), catalog.id(created.get(1).entity()));
		assertFound(catalog, shape, again.get(1).entity());
		assertThat(catalog.repository(shape).count()).isEqualTo(stored + 1);
		// a replay changed in one property, beside a new aggregate: a conflict naming it, and neither is stored
		Map<String, Long> rows = catalog.rows();
		for (Change change : shape.changes()) {
			Object changed = catalog.replayOf(shape, created.get(0).entity());
			change.apply().accept(changed);
			Object another = catalog.make(shape);
			catalog.setId(another, ids.next(shape.type()));
			assertThatExceptionOfType(InsertConflictException.class)
				.isThrownBy(() -> catalog.inserts(shape).insertAll(List.of(another, changed)))
				.satisfies(conflict -> assertThat(conflict.getDifferingAttributes())
					.containsExactlyElementsOf(change.properties()));
			assertThat(catalog.rows()).isEqualTo(rows);
		}
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void theIdResolverLoadsTheAggregate(Database database, Shape shape) {
		Catalog catalog = catalog(database);
		Object saved = catalog.repository(shape).save(catalog.make(shape));
		Object found = catalog.bean(IdResolver.class).find(text(catalog.id(saved))).orElseThrow();
		assertThat(found).isInstanceOf(shape.type());
		assertThat(catalog.id(found)).isEqualTo(catalog.id(saved));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("shapes")
	void aTimeRangeFindsTheAggregatesMadeInIt(Database database, Shape shape) {
		Catalog catalog = catalog(database);
		// an instant of its own for each shape (two shapes share the ledger's table), a day apart
		Instant at = Instant.parse("2026-05-01T12:00:00Z")
			.plus(Shapes.all().stream().map(Shape::name).toList().indexOf(shape.name()), ChronoUnit.DAYS);
		TimeSortedIds ids = catalog.bean(TimeSortedIds.class);
		Object inside = catalog.make(shape);
		catalog.setId(inside, ids.nextAt(shape.type(), at));
		catalog.repository(shape).save(inside);
		Object after = catalog.make(shape);
		catalog.setId(after, ids.nextAt(shape.type(), at.plusSeconds(1)));
		catalog.repository(shape).save(after);
		List<?> found = catalog.ranges(shape).findCreatedBetween(at, at.plusSeconds(1));
		assertThat(found).extracting(catalog::id).containsExactly(catalog.id(inside));
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void binaryIdsAreStoredAsTheirBits(Database database) {
		Catalog catalog = catalog(database);
		Shape shape = Shapes.all().stream().filter(each -> each.type() == Cargo.class).findFirst().orElseThrow();
		Cargo cargo = (Cargo) catalog.repository(shape).save(catalog.make(shape));
		JdbcTemplate jdbc = catalog.bean(JdbcTemplate.class);
		String id = bits((CargoId) catalog.id(cargo)).toString();
		// read as text, compared in Java: a uuid parameter binds differently on each database
		Map<String, String> follows = new LinkedHashMap<>();
		jdbc.query("select id, follows from cargo", row -> {
			follows.put(row.getString(1).toLowerCase(), row.getString(2).toLowerCase());
		});
		assertThat(follows).containsEntry(id, bits(catalog.references().cargo()).toString());
		List<String> crates = jdbc.query("select cargo, id from crate order by cargo_key",
				(row, index) -> row.getString(1).toLowerCase().equals(id) ? row.getString(2).toLowerCase() : null)
			.stream()
			.filter(Objects::nonNull)
			.toList();
		assertThat(crates).containsExactlyElementsOf(cargo.crateIds().stream().map(crate -> bits(crate).toString()).toList());
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void theSchemaCheckReadsTheCatalogsTables(Database database) {
		// a list's back reference under the name @MappedCollection gives it too narrow for snowflake IDs, a
		// typed ID's column too short: the check that passed on the catalog's schema finds both
		assertThatExceptionOfType(Exception.class)
			.isThrownBy(() -> ShapesApplication.start(database, database.newDatabase(),
					ddl -> ddl.replace("shelf_id\" bigint", "shelf_id\" int")
						.replace("shelf_id bigint", "shelf_id int")
						.replace("voyage (id varchar(64)", "voyage (id varchar(20)")))
			.satisfies(failure -> assertThat(rootMessage(failure)).containsIgnoringCase("shelf_id")
				.contains("Voyage.id")
				.contains("which holds 32 bits"));
	}

	private static String rootMessage(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}

	/** What an independent decoder (ulid-creator, the same Crockford base32) reads in an ID's body. */
	private static UUID bits(TypedId id) {
		return Ulid.from(id.value().substring(id.value().indexOf('_') + 1)).toUuid();
	}

	private static String text(Object id) {
		return (id instanceof TypedId typed) ? typed.value() : id.toString();
	}

	private static void assertFound(Catalog catalog, Shape shape, Object saved) {
		Object found = catalog.repository(shape).findById(catalog.id(saved)).orElseThrow();
		assertThat(found).usingRecursiveComparison()
			.ignoringFields("fresh")
			.withComparatorForType(AggregateShapeTests::compareDecimals, BigDecimal.class)
			// Spring Data JDBC reads a java.util.Date as a java.sql.Timestamp, whose equals() refuses a Date
			.withComparatorForType(Comparator.comparing(Date::getTime), Date.class)
			.withComparatorForType((a, b) -> nearly(Duration.between(a, b)), Instant.class)
			.withComparatorForType((a, b) -> nearly(Duration.between(a, b)), LocalDateTime.class)
			// Spring Data JDBC reads a time column back without its fraction of a second
			.withComparatorForType((a, b) -> a.truncatedTo(ChronoUnit.SECONDS).compareTo(b.truncatedTo(ChronoUnit.SECONDS)),
					LocalTime.class)
			.withComparatorForType((a, b) -> nearly(Duration.between(a, b)), OffsetDateTime.class)
			.isEqualTo(saved);
		if (shape.type() == Crew.class) {
			// equality by ID: the loaded aggregate is the saved one
			assertThat(found).isEqualTo(saved).hasSameHashCodeAs(saved);
		}
	}

	/** Decimals at the smaller of their scales, the column's, rounded half up as the databases round. */
	private static int compareDecimals(BigDecimal a, BigDecimal b) {
		int scale = Math.min(a.scale(), b.scale());
		return a.setScale(scale, RoundingMode.HALF_UP).compareTo(b.setScale(scale, RoundingMode.HALF_UP));
	}

	/** Date-times less than a microsecond apart: the columns keep microseconds, rounded or cut. */
	private static int nearly(Duration difference) {
		return (difference.abs().toNanos() < 1000) ? 0 : 1;
	}

	private static synchronized Catalog catalog(Database database) {
		return catalogs.computeIfAbsent(database, Catalog::start);
	}

	/** The catalog's application on one database. */
	record Catalog(ConfigurableApplicationContext context, Repositories repositories, RelationalMappingContext mapping,
			References references) {

		static Catalog start(Database database) {
			DataSource dataSource = database.newDatabase();
			ConfigurableApplicationContext context = ShapesApplication.start(database, dataSource);
			TimeSortedIds ids = context.getBean(TimeSortedIds.class);
			return new Catalog(context, new Repositories(context), context.getBean(RelationalMappingContext.class),
					new References(ids.next(Ledger.class), ids.next(Voyage.class), ids.next(Cargo.class)));
		}

		<T> T bean(Class<T> type) {
			return this.context.getBean(type);
		}

		Object make(Shape shape) {
			return shape.make().apply(this.references);
		}

		@SuppressWarnings("unchecked")
		ListCrudRepository<Object, Object> repository(Shape shape) {
			return (ListCrudRepository<Object, Object>) this.repositories.getRepositoryFor(shape.type()).orElseThrow();
		}

		@SuppressWarnings("unchecked")
		AggregateInsertRepository<Object> inserts(Shape shape) {
			return (AggregateInsertRepository<Object>) repository(shape);
		}

		@SuppressWarnings("unchecked")
		TimeRangeRepository<Object, Object> ranges(Shape shape) {
			return (TimeRangeRepository<Object, Object>) repository(shape);
		}

		Class<?> idType(Shape shape) {
			return entity(shape.type()).getRequiredIdProperty().getType();
		}

		Object id(Object aggregate) {
			return entity(aggregate.getClass()).getIdentifierAccessor(aggregate).getRequiredIdentifier();
		}

		@SuppressWarnings("unchecked")
		void setId(Object aggregate, Object id) {
			RelationalPersistentEntity<Object> entity = (RelationalPersistentEntity<Object>) entity(aggregate.getClass());
			entity.getPropertyAccessor(aggregate).setProperty(entity.getRequiredIdProperty(), id);
		}

		/** The same request again: new objects with the same values and the first root's ID. */
		Object replayOf(Shape shape, Object first) {
			Object again = make(shape);
			setId(again, id(first));
			return again;
		}

		/** The rows of every table of the catalog. */
		Map<String, Long> rows() {
			JdbcTemplate jdbc = bean(JdbcTemplate.class);
			Map<String, Long> rows = new LinkedHashMap<>();
			Shapes.TABLES.forEach(table -> rows.put(table, jdbc.queryForObject("select count(*) from " + table, Long.class)));
			return rows;
		}

		private RelationalPersistentEntity<?> entity(Class<?> type) {
			return this.mapping.getRequiredPersistentEntity(type);
		}

	}

}
