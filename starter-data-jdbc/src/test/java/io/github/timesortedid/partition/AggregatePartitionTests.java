package io.github.timesortedid.partition;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionDescriptor;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionedTableDescriptor;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.jdbc.journeys.Delivery;
import io.github.timesortedid.jdbc.journeys.Journey;
import io.github.timesortedid.jdbc.journeys.JourneyApplication;
import io.github.timesortedid.jdbc.journeys.JourneyRepository;
import io.github.timesortedid.jdbc.journeys.JourneyStop;
import io.github.timesortedid.jdbc.journeys.Vehicle;
import io.github.timesortedid.jdbc.routes.Checkpoint;
import io.github.timesortedid.metrics.TimeSortedIdMetrics;
import io.github.timesortedid.jdbc.routes.Depot;
import io.github.timesortedid.jdbc.routes.DepotRepository;
import io.github.timesortedid.jdbc.routes.Leg;
import io.github.timesortedid.jdbc.routes.Route;
import io.github.timesortedid.jdbc.routes.RouteApplication;
import io.github.timesortedid.jdbc.routes.RouteRepository;
import io.github.timesortedid.jdbc.timeline.TimelineApplication;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionDdl;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import io.github.timesortedid.testsupport.SettableClock;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.jdbc.core.JdbcAggregateOperations;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.data.relational.core.query.Query;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Tables of Spring Data JDBC aggregates partitioned by {@code time-sorted-id.partitions}, on
 * PostgreSQL and MariaDB, as an application that writes its own tables has them: the partitions
 * the maintainer makes at startup and retires past the retention, judged by the database's catalog;
 * the endpoint's listing and DDL; and, on PostgreSQL, the partitions the statements of
 * {@code TimeRangeRepository} read, by {@code EXPLAIN ANALYZE} of the statements as sent.
 */
class AggregatePartitionTests {

	private static final Instant MAY_4 = Instant.parse("2026-05-04T09:00:00Z");

	private static final Map<String, Object> JOURNEYS = Map.of();

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theMaintainerMakesThePartitionsOfTheAggregatesTablesAndRetiresThemWithTheirRows(Database database)
			throws Exception {
		DataSource dataSource = withJourneyTables(database);
		SettableClock clock = new SettableClock(MAY_4);
		try (ConfigurableApplicationContext app = JourneyApplication.start(dataSource, clock, JOURNEYS)) {
			List<String> firstDays = List.of("20260504", "20260505", "20260506");
			assertThat(catalog(database, dataSource, "journey")).isEqualTo(expected(database, "journey", firstDays));
			assertThat(catalog(database, dataSource, "journey_stop")).isEqualTo(expected(database, "journey_stop", firstDays));
			assertThat(catalog(database, dataSource, "delivery")).isEqualTo(expected(database, "delivery", firstDays));
			assertThat(catalog(database, dataSource, "vehicle")).isEqualTo(expected(database, "vehicle", firstDays));
			JourneyRepository journeys = app.getBean(JourneyRepository.class);
			Journey old = journeys.save(new Journey("Ada", new Vehicle("KA-AB 12", 48_000), List.of(new JourneyStop("depot"),
					new JourneyStop("harbour", List.of(new Delivery("crate 1"), new Delivery("crate 2"))),
					new JourneyStop("depot"))));
			assertThat(partitionOf(database, dataSource, "journey", "id", old.getId())).endsWith("p20260504");
			assertThat(partitionOf(database, dataSource, "journey_stop", "journey", old.getId())).endsWith("p20260504");
			assertThat(partitionOf(database, dataSource, "delivery", "journey", old.getId())).endsWith("p20260504");
			assertThat(partitionOf(database, dataSource, "vehicle", "journey", old.getId())).endsWith("p20260504");

			clock.set(MAY_4.plus(Duration.ofDays(3)));
			Journey recent = journeys.save(new Journey("Grace", List.of(new JourneyStop("depot"),
					new JourneyStop("airport", List.of(new Delivery("letter"))))));
			PartitionMaintenance.Run run = app.getBean(PartitionMaintainer.class).maintain();
			assertThat(run.succeeded()).as("%s", run.failures()).isTrue();
			// the meters of the maintenance, as in a JPA application: the run at startup and this one
			MeterRegistry meters = app.getBean(MeterRegistry.class);
			assertThat(meters.find(TimeSortedIdMetrics.PARTITION_MAINTENANCE).tag("outcome", "success").counter())
				.as("the maintenance's counter").isNotNull()
				.extracting(Counter::count).isEqualTo(2.0);
			assertThat(meters.find(TimeSortedIdMetrics.PARTITION_DEFAULT_ROWS).tag("table", "journey").gauge())
				.as("the default partition's gauge").isNotNull()
				.extracting(Gauge::value).isEqualTo(0.0);
			// a day's partitions leave two days after the day ends: May 4 goes, May 5 stays
			List<String> laterDays = List.of("20260505", "20260506", "20260507", "20260508", "20260509");
			assertThat(catalog(database, dataSource, "journey")).isEqualTo(expected(database, "journey", laterDays));
			assertThat(catalog(database, dataSource, "journey_stop")).isEqualTo(expected(database, "journey_stop", laterDays));
			assertThat(catalog(database, dataSource, "delivery")).isEqualTo(expected(database, "delivery", laterDays));
			assertThat(catalog(database, dataSource, "vehicle")).isEqualTo(expected(database, "vehicle", laterDays));
			assertThat(journeys.findById(old.getId())).isEmpty();
			assertThat(new JdbcTemplate(dataSource).queryForObject("select count(*) from vehicle where journey = ?",
					Integer.class, old.getId())).as("the vehicle of the retired journey").isZero();
			assertThat(new JdbcTemplate(dataSource).queryForObject("select count(*) from delivery where journey = ?",
					Integer.class, old.getId())).as("the deliveries of the retired journey").isZero();
			assertThat(journeys.findById(recent.getId())).get()
				.extracting(Journey::getStops)
				.isEqualTo(List.of(new JourneyStop("depot"), new JourneyStop("airport", List.of(new Delivery("letter")))));
			assertThat(partitionOf(database, dataSource, "journey_stop", "journey", recent.getId())).endsWith("p20260507");
			assertThat(partitionOf(database, dataSource, "delivery", "journey", recent.getId())).endsWith("p20260507");

			// the endpoint lists what the catalog has, for the root's table and the stops'
			List<PartitionedTableDescriptor> listed = app.getBean(TimeSortedIdEndpoint.class).describe().partitions();
			assertThat(listed).extracting(PartitionedTableDescriptor::table, PartitionedTableDescriptor::entity,
					PartitionedTableDescriptor::dependentOf)
				.containsExactly(tuple("journey", "Journey", null), tuple("vehicle", "Journey", "journey"),
						tuple("journey_stop", "Journey", "journey"), tuple("delivery", "Journey", "journey"));
			for (PartitionedTableDescriptor table : listed) {
				assertThat(table.partitions()).extracting(PartitionDescriptor::name)
					.containsExactlyInAnyOrderElementsOf(catalog(database, dataSource, table.table()));
			}
		}
	}

	/**
	 * The DDL the endpoint prints for an aggregate makes its tables, each ending with the clause the
	 * application's own {@code CREATE TABLE} ends with, and the partitions: run on an empty database,
	 * it leaves the maintenance nothing to make at startup.
	 */
	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theDdlOfAnAggregateMakesThePartitionsTheMaintainerWouldMake(Database database) throws Exception {
		DataSource printing = withJourneyTables(database);
		String script;
		Map<String, String> clauses;
		try (ConfigurableApplicationContext app = JourneyApplication.start(printing, new SettableClock(MAY_4), JOURNEYS)) {
			script = app.getBean(TimeSortedIdEndpoint.class).ddl("ddl", "journey");
			PartitionDdl ddl = app.getBean(TimeSortedIdRegistry.class).partitionMaintenance().orElseThrow().ddl("Journey")
				.orElseThrow();
			clauses = ddl.clauses();
		}
		assertThat(clauses).containsOnlyKeys("journey", "vehicle", "journey_stop", "delivery");
		String written = JourneyApplication.ddl(database).replaceAll("\\s+", " ");
		clauses.forEach((table, clause) -> {
			assertThat(script).contains("\n) " + clause + ";\n");
			assertThat(written).as("the application's DDL of %s", table).contains(clause);
		});
		// the script the guide shows, as printed on 4 May 2026
		try (InputStream page = AggregatePartitionTests.class.getResourceAsStream("/db/journeys/" + database.label() + ".sql")) {
			assertThat(script).isEqualTo(new String(page.readAllBytes(), StandardCharsets.UTF_8));
		}

		DataSource migrated = database.newDatabase();
		create(migrated, script);
		try (ConfigurableApplicationContext app = JourneyApplication.start(migrated, new SettableClock(MAY_4), JOURNEYS)) {
			PartitionMaintenance.Run atStartup = app.getBean(PartitionMaintainer.class).lastRun();
			assertThat(atStartup).isNotNull();
			assertThat(atStartup.statements()).as("statements of the maintenance after the script").isEmpty();
			assertThat(catalog(database, migrated, "journey_stop"))
				.isEqualTo(expected(database, "journey_stop", List.of("20260504", "20260505", "20260506")));
			assertThat(catalog(database, migrated, "delivery"))
				.isEqualTo(expected(database, "delivery", List.of("20260504", "20260505", "20260506")));
		}
	}

	/**
	 * The statements of {@code TimeRangeRepository} on a Spring Data JDBC repository, the aggregates'
	 * vehicles (joined) and stops included, read one partition of each table for a day's range and at
	 * most two for a keyset page, with
	 * generic and custom plans ({@link PartitionPruningTests#explain}).
	 */
	@Test
	void timeRangeStatementsOfAnAggregateReadOnlyThePartitionsThatHoldItsRows() throws Exception {
		DataSource raw = Database.POSTGRESQL.newDatabase();
		create(raw, JourneyApplication.POSTGRESQL_DDL);
		List<PartitionPruningTests.Captured> captured = new CopyOnWriteArrayList<>();
		DataSource recorded = ProxyDataSourceBuilder.create(raw)
			.listener(new PartitionPruningTests.Recorder(captured))
			.build();
		SettableClock clock = new SettableClock(MAY_4);
		try (ConfigurableApplicationContext app = JourneyApplication.start(recorded, clock, JOURNEYS)) {
			JourneyRepository journeys = app.getBean(JourneyRepository.class);
			List<String> ids = new ArrayList<>();
			for (int day = 0; day < 3; day++) {
				for (int hour = 0; hour < 3; hour++) {
					clock.set(MAY_4.plus(Duration.ofDays(day)).plus(Duration.ofHours(hour)));
					ids.add(journeys.save(new Journey("driver " + day, new Vehicle("KA-V " + hour, 1_000 * day),
							List.of(new JourneyStop("depot"), new JourneyStop("stop " + hour)))).getId());
				}
			}
			new JdbcTemplate(raw).execute("analyze journey");
			new JdbcTemplate(raw).execute("analyze journey_stop");
			Instant may5 = Instant.parse("2026-05-05T00:00:00Z");
			int range = scanned(raw, captured, () -> journeys.findCreatedBetween(may5, may5.plus(Duration.ofDays(1))));
			int after = scanned(raw, captured, () -> journeys.findPageAfter(ids.get(1), 3));
			int before = scanned(raw, captured, () -> journeys.findPageBefore(ids.get(4), 3));
			// the newest page has no cursor: its windows are the partitions the catalog lists
			int newest = scanned(raw, captured, () -> journeys.findPageBefore(null, 2));
			System.out.println("partition pruning: spring data jdbc, db=postgresql range=" + range + " keyset="
					+ Math.max(after, before) + " newest=" + newest);
			assertThat(range).as("a day's range").isEqualTo(1);
			assertThat(after).as("the page after a row").isBetween(1, 2);
			assertThat(before).as("the page before a row").isBetween(1, 2);
			assertThat(newest).as("the newest page").isBetween(1, 2);
			assertThat(journeys.findPageBefore(null, 2)).extracting(Journey::getId).containsExactly(ids.get(8), ids.get(7));
			assertThat(journeys.findPageBefore(ids.get(4), 3)).extracting(Journey::getId)
				.containsExactly(ids.get(3), ids.get(2), ids.get(1));
			assertThat(journeys.findPageAfter(ids.get(1), 3)).extracting(Journey::getId)
				.containsExactly(ids.get(2), ids.get(3), ids.get(4));
			assertThat(journeys.findCreatedBetween(may5, may5.plus(Duration.ofDays(1)))).extracting(Journey::getId)
				.containsExactlyInAnyOrderElementsOf(ids.subList(3, 6));
			assertThat(journeys.findPageAfter(ids.get(1), 3)).extracting(journey -> journey.getVehicle().plate())
				.containsExactly("KA-V 2", "KA-V 0", "KA-V 1");
			// a query whose conditions on the ID are not all joined by "and" keeps the joined vehicles too
			List<Journey> either = app.getBean(JdbcAggregateOperations.class).findAll(
					Query.query(Criteria.where("id").lessThan(ids.get(1)).or("id").greaterThan(ids.get(7))), Journey.class);
			assertThat(either).extracting(Journey::getId, journey -> journey.getVehicle().plate())
				.containsExactlyInAnyOrder(tuple(ids.get(0), "KA-V 0"), tuple(ids.get(8), "KA-V 2"));
		}
	}

	/**
	 * The lookups by ID of a partitioned aggregate ({@code findById}, {@code existsById}, the look-up
	 * before a journey whose ID was set ahead is inserted, {@code IdResolver}) carry the bounds of the
	 * ID's day on PostgreSQL, so that the generic plan of each statement, as sent, holds the day's
	 * partition alone (the default one for a day without a partition); they find what they found
	 * before: a journey with its stops, none for an ID of no row, a journey in the default partition,
	 * and one whose ID is stored in a form the bounds do not hold (its lookup goes without them). On
	 * MariaDB, which prunes each lookup by its own ID, the statements go as Spring Data JDBC writes
	 * them and find the same.
	 */
	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void lookupsByIdReadTheirDaysPartitionWhenPlannedAndFindWhatTheyFoundBefore(Database database) throws Exception {
		DataSource raw = withJourneyTables(database);
		List<PartitionPruningTests.Captured> captured = new CopyOnWriteArrayList<>();
		DataSource recorded = ProxyDataSourceBuilder.create(raw).listener(new PartitionPruningTests.Recorder(captured)).build();
		SettableClock clock = new SettableClock(MAY_4);
		try (ConfigurableApplicationContext app = JourneyApplication.start(recorded, clock, JOURNEYS)) {
			JourneyRepository journeys = app.getBean(JourneyRepository.class);
			IdResolver resolver = app.getBean(IdResolver.class);
			IdField field = app.getBean(TimeSortedIdRegistry.class).identifierOf(Journey.class).orElseThrow();
			clock.set(MAY_4.plus(Duration.ofDays(1)));
			Vehicle van = new Vehicle("KA-AB 12", 48_000);
			Journey may5 = journeys.save(new Journey("Ada", van,
					List.of(new JourneyStop("depot"), new JourneyStop("harbour", List.of(new Delivery("crate"))))));
			// no partition for May 20: its rows go to the default partition
			clock.set(MAY_4.plus(Duration.ofDays(16)));
			Journey may20 = journeys.save(new Journey("Grace", "airport"));
			clock.set(MAY_4.plus(Duration.ofDays(1)));
			String noRow = (String) field.lowest(Instant.parse("2026-05-05T12:00:00Z"));
			Journey preset = new Journey("Edsger", "depot");
			ReflectionTestUtils.setField(preset, "id", app.getBean(TimeSortedIds.class)
				.<String>nextAt(Journey.class, Instant.parse("2026-05-05T10:00:00Z")));
			Map<String, Supplier<Object>> lookups = new LinkedHashMap<>();
			lookups.put("findById", () -> journeys.findById(may5.getId()).orElseThrow().getStops());
			lookups.put("findById's vehicle", () -> journeys.findById(may5.getId()).orElseThrow().getVehicle());
			lookups.put("existsById", () -> journeys.existsById(may5.getId()));
			lookups.put("IdResolver", () -> ((Journey) resolver.find(may5.getId()).orElseThrow()).getDriver());
			lookups.put("save of a set ID", () -> journeys.save(preset).getId());
			lookups.put("findById of no row", () -> journeys.findById(noRow).isPresent());
			lookups.put("existsById of no row", () -> journeys.existsById(noRow));
			lookups.put("findById in the default partition", () -> journeys.findById(may20.getId()).orElseThrow().getDriver());
			Map<String, Object> found = new LinkedHashMap<>();
			for (Map.Entry<String, Supplier<Object>> lookup : lookups.entrySet()) {
				captured.clear();
				found.put(lookup.getKey(), lookup.getValue().get());
				PartitionPruningTests.Captured statement = captured.stream()
					.filter(sent -> sent.sql().matches("(?is)select .* from [\"`]journey[\"`] .*"))
					.findFirst()
					.orElseThrow(() -> new AssertionError("no lookup on journey among " + captured));
				// Spring Data JDBC joins the vehicle, which the journey holds alone, into its loads (and, on
				// PostgreSQL, into a check of existence, whose plan leaves it out by its primary key)
				boolean joined = lookup.getKey().startsWith("findById") || lookup.getKey().equals("IdResolver");
				if (joined) {
					assertThat(statement.sql()).as(lookup.getKey()).matches("(?is).* join [\"`]vehicle[\"`] .*");
				}
				if (database == Database.POSTGRESQL) {
					String day = lookup.getKey().contains("default") ? "_default" : "_p20260505";
					assertThat(PartitionPruningTests.planned(raw, statement))
						.as("the generic plan of %s: %s", lookup.getKey(), statement.sql())
						.containsExactlyElementsOf(joined ? List.of("journey" + day, "vehicle" + day) : List.of("journey" + day));
					if (lookup.getKey().equals("findById")) {
						// the statement the guide shows
						try (InputStream page = AggregatePartitionTests.class.getResourceAsStream("/db/journeys/lookup.sql")) {
							assertThat(statement.sql() + "\n").isEqualTo(new String(page.readAllBytes(), StandardCharsets.UTF_8));
						}
					}
				}
				else {
					assertThat(statement.sql()).as(lookup.getKey()).doesNotContain(">=");
				}
			}
			assertThat(found).containsExactly(
					entry("findById", List.of(new JourneyStop("depot"), new JourneyStop("harbour", List.of(new Delivery("crate"))))),
					entry("findById's vehicle", van),
					entry("existsById", true), entry("IdResolver", "Ada"), entry("save of a set ID", preset.getId()),
					entry("findById of no row", false), entry("existsById of no row", false),
					entry("findById in the default partition", "Grace"));
			assertThat(partitionOf(database, raw, "journey", "id", may20.getId())).endsWith(
					(database == Database.POSTGRESQL) ? "journey_default" : "pmax");
			assertThat(journeys.findById(preset.getId())).get().extracting(Journey::getDriver).isEqualTo("Edsger");

			// an ID stored in capitals sorts above every ID of its day, whose bounds are in small letters
			String capitals = may5.getId().substring(0, 4) + may5.getId().substring(4).toUpperCase();
			new JdbcTemplate(raw).update("insert into journey (id, driver) values (?, ?)", capitals, "Barbara");
			assertThat(journeys.findById(capitals)).get().extracting(Journey::getDriver).isEqualTo("Barbara");
			assertThat(journeys.existsById(capitals)).isTrue();
		}
	}

	/**
	 * {@code insertAll} of journeys whose IDs an import file carries, of three days, one without a
	 * partition: each journey and its vehicle, stops and deliveries land in its day's partitions (the
	 * default one for the day without), the same file sent again with a new journey in it answers the
	 * stored ones as "already existed" from every partition, and a changed delivery is a conflict that
	 * stores nothing of its batch.
	 */
	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void insertAllStoresEachJourneyInItsDaysPartitionsAndAnswersReplaysFromEachOfThem(Database database)
			throws Exception {
		DataSource dataSource = withJourneyTables(database);
		try (ConfigurableApplicationContext app = JourneyApplication.start(dataSource, new SettableClock(MAY_4), JOURNEYS)) {
			JourneyRepository journeys = app.getBean(JourneyRepository.class);
			TimeSortedIds ids = app.getBean(TimeSortedIds.class);
			Map<String, Instant> days = new LinkedHashMap<>();
			days.put("p20260504", MAY_4.plus(Duration.ofHours(1)));
			days.put("p20260505", MAY_4.plus(Duration.ofDays(1)));
			days.put((database == Database.POSTGRESQL) ? "default" : "pmax", MAY_4.plus(Duration.ofDays(16)));
			List<Journey> file = new ArrayList<>();
			for (Instant at : days.values()) {
				Journey journey = new Journey("driver " + file.size(), new Vehicle("KA-V " + file.size(), 1_000),
						List.of(new JourneyStop("depot"), new JourneyStop("harbour",
								List.of(new Delivery("crate " + file.size()), new Delivery("letter")))));
				ReflectionTestUtils.setField(journey, "id", ids.<String>nextAt(Journey.class, at));
				file.add(journey);
			}

			assertThat(journeys.insertAll(file.subList(0, 2))).extracting(InsertResult::created).containsExactly(true, true);
			assertThat(journeys.insertAll(file)).extracting(InsertResult::created).containsExactly(false, false, true);
			assertThat(journeys.insertAll(file)).extracting(InsertResult::created).containsExactly(false, false, false);
			int i = 0;
			for (String partition : days.keySet()) {
				String id = file.get(i++).getId();
				for (String table : List.of("journey", "vehicle", "journey_stop", "delivery")) {
					assertThat(partitionOf(database, dataSource, table, table.equals("journey") ? "id" : "journey", id))
						.as("the partition of %s's rows in %s", id, table).endsWith(partition);
				}
			}
			assertThat(journeys.findAllById(file.stream().map(Journey::getId).toList())).hasSize(3)
				.allSatisfy(stored -> assertThat(stored.getStops()).hasSize(2)
					.last().extracting(JourneyStop::deliveries).asInstanceOf(InstanceOfAssertFactories.LIST).hasSize(2));

			Journey changed = new Journey(file.get(2).getDriver(), file.get(2).getVehicle(),
					List.of(new JourneyStop("depot"), new JourneyStop("harbour", List.of(new Delivery("crate 2")))));
			ReflectionTestUtils.setField(changed, "id", file.get(2).getId());
			Journey fresh = new Journey("Barbara", "depot");
			ReflectionTestUtils.setField(fresh, "id", ids.<String>nextAt(Journey.class, MAY_4.plus(Duration.ofDays(1))));
			assertThatExceptionOfType(InsertConflictException.class)
				.isThrownBy(() -> journeys.insertAll(List.of(file.get(0), fresh, changed)))
				.satisfies(conflict -> assertThat(conflict.getId()).isEqualTo(changed.getId()))
				.satisfies(conflict -> assertThat(conflict.getDifferingAttributes()).containsExactly("stops[1].deliveries"));
			assertThat(journeys.existsById(fresh.getId())).as("the new journey of the conflicting batch").isFalse();
			assertThat(new JdbcTemplate(dataSource).queryForObject("select count(*) from delivery", Integer.class))
				.as("the deliveries of the three journeys").isEqualTo(6);
		}
	}

	/**
	 * Startup stops, with a failure analysis, on tables of one piece (with the script that converts
	 * them) and on a setting that names no aggregate (naming those it could name).
	 */
	@Test
	void startupRefusesWholeTablesAndUnknownAggregates() throws Exception {
		DataSource whole = Database.POSTGRESQL.newDatabase();
		create(whole, JourneyApplication.POSTGRESQL_DDL.replaceAll("\\s*partition by range \\(\\w+\\)", ""));
		FailureAnalysis notPartitioned = FailureAnalyses
			.of(catchThrowable(() -> JourneyApplication.start(whole, new SettableClock(MAY_4), Map.of()).close()));
		assertThat(notPartitioned.getDescription())
			.contains("Table 'journey' (the table of Journey, time-sorted-id.partitions.Journey) is not partitioned.")
			.contains("Table 'journey_stop' (which depends on the table of Journey, time-sorted-id.partitions.Journey) "
					+ "is not partitioned.")
			.contains("Table 'delivery' (which depends on the table of Journey, time-sorted-id.partitions.Journey) "
					+ "is not partitioned.")
			.contains("Table 'vehicle' (which depends on the table of Journey, time-sorted-id.partitions.Journey) "
					+ "is not partitioned.");
		assertThat(notPartitioned.getAction())
			.contains("Partition journey, vehicle, journey_stop, delivery by ranges of their IDs");

		DataSource partitioned = Database.POSTGRESQL.newDatabase();
		create(partitioned, JourneyApplication.POSTGRESQL_DDL);
		FailureAnalysis unknown = FailureAnalyses.of(catchThrowable(() -> JourneyApplication
			.start(partitioned, new SettableClock(MAY_4), Map.of("time-sorted-id.partitions.Voyage.interval", "day"))
			.close()));
		assertThat(unknown.getDescription()).isEqualTo(
				"The property time-sorted-id.partitions.Voyage.* names no aggregate whose @Id is a @TimeSortedId attribute.");
		assertThat(unknown.getAction()).contains("Journey");
		// an entity held without an @Id of its own is refused as inside its aggregate too, not as unknown
		FailureAnalysis vehicle = FailureAnalyses.of(catchThrowable(() -> JourneyApplication
			.start(partitioned, new SettableClock(MAY_4), Map.of("time-sorted-id.partitions.Vehicle.interval", "day"))
			.close()));
		assertThat(vehicle.getDescription()).isEqualTo("The property time-sorted-id.partitions.Vehicle.* names Vehicle, an "
				+ "entity inside the aggregate of Journey (Journey.vehicle), not an aggregate root.");
		assertThat(vehicle.getAction()).contains("time-sorted-id.partitions.Journey.*");

		// a Scan is held by a Shipment: its rows leave with the shipment's
		DataSource timeline = Database.POSTGRESQL.newDatabase();
		create(timeline, TimelineApplication.DDL.replace("{bytes}", " collate \"C\""));
		FailureAnalysis held = FailureAnalyses.of(catchThrowable(() -> new SpringApplicationBuilder(TimelineApplication.class)
			.web(WebApplicationType.NONE)
			.properties("time-sorted-id.partitions.Scan.interval=day")
			.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", timeline))
			.run()
			.close()));
		assertThat(held.getDescription()).isEqualTo("The property time-sorted-id.partitions.Scan.* names Scan, an entity "
				+ "inside the aggregate of Shipment (Shipment.scans), not an aggregate root.");
		assertThat(held.getAction()).contains("time-sorted-id.partitions.Shipment.*");
	}

	/**
	 * A setting that names no aggregate root lists the roots it could name: not an entity held inside
	 * an aggregate, even one with an {@code @Id} of its own, whose setting is refused as no root; an
	 * entity held deeper (a leg's checkpoints) is named as inside its root's aggregate.
	 */
	@Test
	void aSettingThatNamesNoAggregateListsTheAggregateRootsAlone() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		create(dataSource, RouteApplication.DDL);
		FailureAnalysis deep = FailureAnalyses.of(catchThrowable(() -> RouteApplication
			.start(dataSource, new SettableClock(MAY_4), Map.of("time-sorted-id.partitions.Checkpoint.interval", "day"))
			.close()));
		assertThat(deep.getDescription()).isEqualTo("The property time-sorted-id.partitions.Checkpoint.* names Checkpoint, "
				+ "an entity inside the aggregate of Route (Leg.checkpoints), not an aggregate root.");
		assertThat(deep.getAction()).contains("time-sorted-id.partitions.Route.*");
		for (String name : List.of("Rout")) {
			FailureAnalysis unknown = FailureAnalyses.of(catchThrowable(() -> RouteApplication
				.start(dataSource, new SettableClock(MAY_4), Map.of("time-sorted-id.partitions." + name + ".interval", "day"))
				.close()));
			assertThat(unknown.getDescription()).isEqualTo("The property time-sorted-id.partitions." + name
					+ ".* names no aggregate whose @Id is a @TimeSortedId attribute.");
			assertThat(unknown.getAction()).as("Leg is an entity inside Route's aggregate")
				.isEqualTo("Use the simple class name of such an aggregate root (Depot, Route), or remove the property.");
		}
	}

	/**
	 * Started before the migration made the tables (as the guide's step that prints the DDL starts
	 * it), the maintenance reports each missing table by name, on the endpoint and in one warning
	 * without a stack trace, and fails for nothing else.
	 */
	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	@ExtendWith(OutputCaptureExtension.class)
	void withoutItsTablesTheMaintenanceSaysWhichTableIsMissing(Database database, CapturedOutput output) throws Exception {
		DataSource empty = database.newDatabase();
		try (ConfigurableApplicationContext app = JourneyApplication.start(empty, new SettableClock(MAY_4),
				Map.of("time-sorted-id.schema-check.enabled", "false"))) {
			PartitionMaintenance.Run run = app.getBean(PartitionMaintainer.class).lastRun();
			assertThat(run).isNotNull();
			assertThat(run.failures()).singleElement().satisfies(failure -> {
				assertThat(failure.table()).isEqualTo("journey");
				assertThat(failure.cause().getMessage()).isEqualTo("Tables journey, vehicle, journey_stop, delivery do not exist: "
						+ "the maintenance makes their partitions once the application's migration has created them.");
			});
			assertThat(app.getBean(TimeSortedIdEndpoint.class).describe().partitions())
				.extracting(PartitionedTableDescriptor::table, table -> table.failure().message())
				.containsOnly(tuple("journey", run.failures().get(0).cause().getMessage()),
						tuple("vehicle", run.failures().get(0).cause().getMessage()),
						tuple("journey_stop", run.failures().get(0).cause().getMessage()),
						tuple("delivery", run.failures().get(0).cause().getMessage()));
		}
		assertThat(output.getAll()).contains("WARN").contains("Tables journey, vehicle, journey_stop, delivery do not exist")
			.doesNotContain("NullPointerException")
			.doesNotContain("PSQLException")
			.doesNotContain("SQLSyntaxErrorException")
			.doesNotContain("\tat io.github.timesortedid");
	}

	/**
	 * The endpoint's answers 400 say why, over HTTP: a DDL of an aggregate whose tables are not
	 * partitioned, of an entity inside an aggregate, of no entity, and an ID that does not parse.
	 */
	@Test
	void theEndpointsBadRequestsSayWhyOverHttp() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		create(dataSource, RouteApplication.DDL);
		try (ConfigurableApplicationContext app = new SpringApplicationBuilder(RouteApplication.class)
			.web(WebApplicationType.SERVLET)
			.properties("time-sorted-id.partitions.Route.interval=day", "server.port=0",
					"management.endpoints.web.exposure.include=timesortedid")
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory().registerSingleton("clock", new SettableClock(MAY_4));
			})
			.run()) {
			String base = "http://localhost:" + app.getEnvironment().getProperty("local.server.port") + "/actuator/timesortedid/";
			HttpClient http = HttpClient.newHttpClient();
			Map<String, String> answers = new LinkedHashMap<>();
			for (String path : List.of("ddl/Depot", "ddl/Leg", "ddl/Nope", "rte_garbage")) {
				HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
						HttpResponse.BodyHandlers.ofString());
				assertThat(response.statusCode()).as(path).isEqualTo(400);
				answers.put(path, response.body());
			}
			String notPartitioned = "names no entity whose tables are partitioned on this database; partitioned: Route";
			assertThat(answers.get("ddl/Depot")).contains("'Depot' " + notPartitioned);
			assertThat(answers.get("ddl/Leg")).contains("'Leg' " + notPartitioned);
			assertThat(answers.get("ddl/Nope")).contains("'Nope' " + notPartitioned);
			assertThat(answers.get("rte_garbage")).contains("rte_garbage");
		}
	}

	/**
	 * A held entity with an {@code @Id} of its own: the table of the entities it holds refers to it,
	 * not to the root, and stays whole while the root's and the held entity's tables are partitioned;
	 * a retention, which would leave that table holding the rows of retired aggregates, stops startup.
	 */
	@Test
	void entitiesUnderAHeldEntityWithAnIdStayWholeAndARetentionIsRefused() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		create(dataSource, RouteApplication.DDL);
		FailureAnalysis retained = FailureAnalyses.of(catchThrowable(() -> RouteApplication
			.start(dataSource, new SettableClock(MAY_4), Map.of("time-sorted-id.partitions.Route.retention", "7d"))
			.close()));
		assertThat(retained.getDescription()).isEqualTo("The property time-sorted-id.partitions.Route.retention retires "
				+ "the partitions of Route's tables, but the table checkpoint (Route.legs.checkpoints) refers to Leg by its "
				+ "@Id, not to Route: it cannot be partitioned with Route's tables, and its rows would stay when their "
				+ "aggregate's partitions are retired.");
		assertThat(retained.getAction()).startsWith("Remove the @Id of Leg,").contains("or remove the retention");

		List<PartitionPruningTests.Captured> captured = new CopyOnWriteArrayList<>();
		DataSource recorded = ProxyDataSourceBuilder.create(dataSource)
			.listener(new PartitionPruningTests.Recorder(captured))
			.build();
		try (ConfigurableApplicationContext app = RouteApplication.start(recorded, new SettableClock(MAY_4), Map.of())) {
			assertThat(catalog(Database.POSTGRESQL, dataSource, "route")).contains("route_default", "route_p20260504");
			assertThat(catalog(Database.POSTGRESQL, dataSource, "leg")).contains("leg_default", "leg_p20260504");
			assertThat(catalog(Database.POSTGRESQL, dataSource, "checkpoint")).isEmpty();
			assertThat(app.getBean(TimeSortedIdRegistry.class).partitionMaintenance().orElseThrow().tables())
				.singleElement()
				.satisfies(table -> assertThat(table.parts()).extracting(PartitionedTable.Part::name)
					.containsExactly("route", "leg"));
			RouteRepository routes = app.getBean(RouteRepository.class);
			Route saved = routes.save(new Route("41", List.of(new Leg("harbour", List.of(new Checkpoint("bridge"))))));
			captured.clear();
			assertThat(routes.findById(saved.getId())).get()
				.extracting(route -> route.getLegs().get(0).getCheckpoints())
				.isEqualTo(List.of(new Checkpoint("bridge")));
			assertThat(captured.get(0).sql()).as("the lookup of a partitioned aggregate")
				.startsWith("SELECT \"route\".\"id\" AS \"id\"")
				.contains("\"route\".\"id\">='rte_01kqr4hq00e008000000000000'");
			// an aggregate whose table is not partitioned is looked up as Spring Data JDBC writes it
			DepotRepository depots = app.getBean(DepotRepository.class);
			Depot depot = depots.save(new Depot(null, "harbour"));
			captured.clear();
			assertThat(depots.findById(depot.id())).contains(depot);
			assertThat(depots.existsById(depot.id())).isTrue();
			assertThat(captured).extracting(PartitionPruningTests.Captured::sql)
				.hasSize(2)
				.allMatch(sql -> sql.endsWith(" FROM \"depot\" WHERE \"depot\".\"id\" = ?"));
		}
	}

	/**
	 * The most partitions of one table that one of the statements a call sends reads, with a generic
	 * and a custom plan: every relation read must be a partition of the journeys' tables.
	 */
	private static int scanned(DataSource raw, List<PartitionPruningTests.Captured> captured, Supplier<?> call)
			throws Exception {
		captured.clear();
		call.get();
		List<PartitionPruningTests.Captured> selects = captured.stream()
			.filter(statement -> statement.sql().toLowerCase().startsWith("select")
					&& (statement.sql().contains("\"journey\"") || statement.sql().contains("\"journey_stop\"")))
			.toList();
		assertThat(selects).as("statements on the journeys").isNotEmpty();
		int most = 0;
		for (PartitionPruningTests.Captured select : selects) {
			for (String mode : List.of("force_generic_plan", "force_custom_plan")) {
				Set<String> relations = PartitionPruningTests.explain(raw, select, mode);
				assertThat(relations).as("%s (%s): %s", select.sql(), mode, relations)
					.allMatch(relation -> relation.matches("(journey|vehicle|journey_stop|delivery)_(p\\d{8}|default)"));
				Map<String, Long> perTable = relations.stream()
					.collect(Collectors.groupingBy(relation -> relation.replaceAll("_(p\\d{8}|default)$", ""), Collectors.counting()));
				most = Math.max(most, Collections.max(perTable.values()).intValue());
			}
		}
		return most;
	}

	/** The partitions of a table as the database's catalog lists them. */
	private static Set<String> catalog(Database database, DataSource dataSource, String table) {
		String sql = (database == Database.POSTGRESQL)
				? "select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ?::regclass"
				: "select partition_name from information_schema.partitions where table_schema = database() and table_name = ?";
		return new TreeSet<>(new JdbcTemplate(dataSource).queryForList(sql, String.class, table));
	}

	/** The partitions of the days and the one for rows of no day: PostgreSQL's default, MariaDB's last. */
	private static Set<String> expected(Database database, String table, List<String> days) {
		Set<String> names = new TreeSet<>();
		days.forEach(day -> names.add((database == Database.POSTGRESQL) ? table + "_p" + day : "p" + day));
		names.add((database == Database.POSTGRESQL) ? table + "_default" : "pmax");
		return names;
	}

	/** The partition that holds the rows of a journey, read from the database. */
	private static String partitionOf(Database database, DataSource dataSource, String table, String column, String id) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		if (database == Database.POSTGRESQL) {
			return jdbc.queryForObject("select distinct tableoid::regclass::text from " + table + " where " + column + " = ?",
					String.class, id);
		}
		for (String partition : catalog(database, dataSource, table)) {
			Integer rows = jdbc.queryForObject("select count(*) from " + table + " partition (" + partition + ") where "
					+ column + " = ?", Integer.class, id);
			if (rows != null && rows > 0) {
				return partition;
			}
		}
		return "none";
	}

	/** A new database with the journeys' tables, as the application's migration makes them. */
	private static DataSource withJourneyTables(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		create(dataSource, JourneyApplication.ddl(database));
		return dataSource;
	}

	private static void create(DataSource dataSource, String ddl) throws Exception {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			for (String sql : ddl.split(";")) {
				String withoutComments = sql.lines().filter(line -> !line.strip().startsWith("--"))
					.reduce("", (a, b) -> a + "\n" + b);
				if (!withoutComments.isBlank()) {
					statement.execute(withoutComments);
				}
			}
		}
	}

}
