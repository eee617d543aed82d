package io.github.timesortedid.jdbc;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.jdbc.timeline.Alert;
import io.github.timesortedid.jdbc.timeline.AlertRepository;
import io.github.timesortedid.jdbc.timeline.Beacon;
import io.github.timesortedid.jdbc.timeline.BeaconRepository;
import io.github.timesortedid.jdbc.timeline.CouponRepository;
import io.github.timesortedid.jdbc.timeline.Labelled;
import io.github.timesortedid.jdbc.timeline.Receipt;
import io.github.timesortedid.jdbc.timeline.ReceiptRepository;
import io.github.timesortedid.jdbc.timeline.Sample;
import io.github.timesortedid.jdbc.timeline.SampleRepository;
import io.github.timesortedid.jdbc.timeline.Scan;
import io.github.timesortedid.jdbc.timeline.Shipment;
import io.github.timesortedid.jdbc.timeline.ShipmentRepository;
import io.github.timesortedid.jdbc.timeline.TimelineApplication;
import io.github.timesortedid.jdbc.timeline.Trace;
import io.github.timesortedid.jdbc.timeline.TraceRepository;
import io.github.timesortedid.jdbc.timeline.Visit;
import io.github.timesortedid.jdbc.timeline.VisitId;
import io.github.timesortedid.jdbc.timeline.VisitRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.StatementCounter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code TimeRangeRepository} as a fragment of Spring Data JDBC repositories, on H2, PostgreSQL and
 * MariaDB: ranges and keyset pages are exact at their boundaries for millisecond, second and
 * microsecond algorithms, newest-first IDs, and {@code String}, typed, {@code Long} and {@code UUID}
 * IDs (an ID made at {@code from} is in, one made at {@code to} is out); they load whole aggregates;
 * IDs without time and bad arguments are refused as with JPA. One application per database.
 */
class AggregateTimeRangeTests {

	private static final List<String> ALL = List.of("before", "atFrom", "inside", "last", "atTo", "after");

	private static final Map<Database, Timeline> timelines = new EnumMap<>(Database.class);

	@AfterAll
	static void close() {
		timelines.values().forEach(timeline -> timeline.context().close());
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void boundariesAreExactForEveryPrecisionOrderAndType(Database database) {
		Timeline timeline = timeline(database);
		Instant base = Instant.parse("2026-02-01T00:00:00Z");
		check(timeline, Shipment.class, base, ChronoUnit.MILLIS, ShipmentRepository.class,
				(id, label) -> new Shipment((String) id, label).scan(label + " in").scan(label + " out"));
		check(timeline, Receipt.class, base.plus(1, ChronoUnit.DAYS), ChronoUnit.SECONDS, ReceiptRepository.class,
				(id, label) -> new Receipt((String) id, label));
		check(timeline, Trace.class, base.plus(2, ChronoUnit.DAYS), ChronoUnit.MICROS, TraceRepository.class,
				(id, label) -> new Trace((String) id, label));
		check(timeline, Alert.class, base.plus(3, ChronoUnit.DAYS), ChronoUnit.SECONDS, AlertRepository.class,
				(id, label) -> new Alert((String) id, label));
		check(timeline, Sample.class, base.plus(4, ChronoUnit.DAYS), ChronoUnit.MILLIS, SampleRepository.class,
				(id, label) -> new Sample((Long) id, label));
		check(timeline, Beacon.class, base.plus(5, ChronoUnit.DAYS), ChronoUnit.MILLIS, BeaconRepository.class,
				(id, label) -> new Beacon((java.util.UUID) id, label));
		check(timeline, Visit.class, base.plus(6, ChronoUnit.DAYS), ChronoUnit.MILLIS, VisitRepository.class,
				(id, label) -> new Visit((VisitId) id, label));
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void rangesAndPagesLoadWholeAggregatesWithOneRangeOfThePrimaryKey(Database database) {
		Timeline timeline = timeline(database);
		TimeSortedIds ids = timeline.context().getBean(TimeSortedIds.class);
		ShipmentRepository shipments = timeline.context().getBean(ShipmentRepository.class);
		shipments.deleteAll();
		Instant monday = Instant.parse("2026-03-02T00:00:00Z");
		for (int day = 0; day < 4; day++) {
			Instant at = monday.plus(day, ChronoUnit.DAYS).plusSeconds(3600);
			shipments.save(new Shipment(ids.nextAt(Shipment.class, at), "day " + day).scan("hub " + day).scan("door " + day));
		}
		timeline.statements().reset();
		// tag::ranges[]
		List<Shipment> tuesdayAndWednesday = shipments.findCreatedBetween(monday.plus(1, ChronoUnit.DAYS),
				monday.plus(3, ChronoUnit.DAYS));
		// end::ranges[]
		assertThat(tuesdayAndWednesday).extracting(Shipment::getDestination).containsExactly("day 1", "day 2");
		assertThat(tuesdayAndWednesday.get(1).getScans()).extracting(Scan::place).containsExactly("hub 2", "door 2");
		// one statement of the roots, a range of the primary key in its order; then one of the scans of each
		assertThat(timeline.statements().statements()).hasSize(3);
		assertThat(timeline.statements().statements().get(0))
			.containsPattern("(?i)where .shipment.\\..id. >= \\? and .shipment.\\..id. < \\? order by .shipment.\\..id. asc$");
		assertThat(timeline.statements().statements().subList(1, 3)).allMatch(sql -> sql.toLowerCase().contains("from `scan`")
				|| sql.toLowerCase().contains("from \"scan\""));

		// tag::pages[]
		List<Shipment> first = shipments.findPageAfter(null, 2);
		List<Shipment> next = shipments.findPageAfter(first.get(first.size() - 1).getId(), 2);
		// end::pages[]
		assertThat(first).extracting(Shipment::getDestination).containsExactly("day 0", "day 1");
		assertThat(next).extracting(Shipment::getDestination).containsExactly("day 2", "day 3");
		assertThat(shipments.findPageBefore(next.get(0).getId(), 5)).extracting(Shipment::getDestination)
			.containsExactly("day 1", "day 0");
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void unorderedAlgorithmsAndBadArgumentsAreRefused(Database database) {
		Timeline timeline = timeline(database);
		CouponRepository coupons = timeline.context().getBean(CouponRepository.class);
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> coupons.findCreatedBetween(Instant.EPOCH, Instant.now()))
			.withMessageStartingWith("Coupon.id uses random, whose IDs carry no time");
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> coupons.findPageAfter(null, 10));
		ShipmentRepository shipments = timeline.context().getBean(ShipmentRepository.class);
		assertThatExceptionOfType(InvalidDataAccessApiUsageException.class)
			.isThrownBy(() -> shipments.findCreatedBetween(Instant.parse("2026-01-02T00:00:00Z"),
					Instant.parse("2026-01-01T00:00:00Z")))
			.withMessageContaining("from (2026-01-02T00:00:00Z) must be before to (2026-01-01T00:00:00Z)");
		assertThatExceptionOfType(InvalidDataAccessApiUsageException.class)
			.isThrownBy(() -> shipments.findPageAfter(null, 0))
			.withMessageContaining("limit must be at least 1");
		assertThatExceptionOfType(InvalidDataAccessApiUsageException.class)
			.isThrownBy(() -> shipments.findPageBefore("rcpt_3MRdzswmyrlGFfxq0rwfCXC9cdM", 5))
			.withMessageContaining("assigned to Shipment.id: expected an ID starting with 'shp_'");
		// instants outside the algorithm's range are clamped, not an error
		assertThat(timeline.context().getBean(SampleRepository.class)
			.findCreatedBetween(Instant.parse("1900-01-01T00:00:00Z"), Instant.parse("1900-01-02T00:00:00Z"))).isEmpty();
	}

	/**
	 * Saves six aggregates, made just before {@code from}, at it, inside, just before {@code to}, at it
	 * and after it, and reads them back by range and page.
	 */
	private static <T extends Labelled> void check(Timeline timeline, Class<T> type, Instant base, ChronoUnit unit,
			Class<? extends TimeRangeRepository<T, ?>> repositoryType, BiFunction<Object, String, T> factory) {
		@SuppressWarnings("unchecked")
		TimeRangeRepository<T, Object> ranges = (TimeRangeRepository<T, Object>) timeline.context().getBean(repositoryType);
		TimeSortedIds ids = timeline.context().getBean(TimeSortedIds.class);
		JdbcAggregateTemplate template = timeline.context().getBean(JdbcAggregateTemplate.class);
		// the first and last pages are the table's: this check's aggregates alone
		template.deleteAll(type);
		Instant from = base.plus(10, unit);
		Instant to = from.plus(10, unit);
		List<Instant> instants = List.of(from.minus(1, unit), from, from.plus(5, unit), to.minus(1, unit), to,
				to.plus(1, unit));
		List<Object> saved = new ArrayList<>();
		for (int i = 0; i < ALL.size(); i++) {
			Object id = ids.nextAt(type, instants.get(i));
			template.save(factory.apply(id, ALL.get(i)));
			saved.add(id);
		}
		String what = type.getSimpleName() + " (" + unit + ")";
		assertThat(labels(ranges.findCreatedBetween(from, to))).as(what).containsExactly("atFrom", "inside", "last");
		assertThat(labels(ranges.findCreatedSince(from))).as(what).containsExactly("atFrom", "inside", "last", "atTo", "after");
		assertThat(labels(ranges.findCreatedBefore(to))).as(what).containsExactly("before", "atFrom", "inside", "last");
		assertThat(labels(ranges.findPageAfter(null, 2))).as(what).containsExactly("before", "atFrom");
		assertThat(labels(ranges.findPageAfter(saved.get(1), 2))).as(what).containsExactly("inside", "last");
		assertThat(labels(ranges.findPageAfter(saved.get(3), 10))).as(what).containsExactly("atTo", "after");
		assertThat(labels(ranges.findPageBefore(null, 2))).as(what).containsExactly("after", "atTo");
		assertThat(labels(ranges.findPageBefore(saved.get(4), 3))).as(what).containsExactly("last", "inside", "atFrom");
		// an ID made at an instant lies between that instant's bounds
		assertThat(labels(ranges.findCreatedBetween(from, from.plus(1, unit)))).as(what).containsExactly("atFrom");
	}

	private static List<String> labels(List<? extends Labelled> aggregates) {
		return aggregates.stream().map(Labelled::label).toList();
	}

	private static synchronized Timeline timeline(Database database) {
		return timelines.computeIfAbsent(database, AggregateTimeRangeTests::start);
	}

	private static Timeline start(Database database) {
		try {
			DataSource dataSource = database.newDatabase();
			DataJdbcContexts.create(dataSource, TimelineApplication.DDL);
			StatementCounter statements = new StatementCounter();
			return new Timeline(TimelineApplication.start(statements.around(dataSource)), statements);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	record Timeline(ConfigurableApplicationContext context, StatementCounter statements) {

	}

}
