package io.github.timesortedid.jdbc;

import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.jdbc.timeline.Beacon;
import io.github.timesortedid.jdbc.timeline.BeaconRepository;
import io.github.timesortedid.jdbc.timeline.Coupon;
import io.github.timesortedid.jdbc.timeline.CouponRepository;
import io.github.timesortedid.jdbc.timeline.Sample;
import io.github.timesortedid.jdbc.timeline.SampleRepository;
import io.github.timesortedid.jdbc.timeline.Scan;
import io.github.timesortedid.jdbc.timeline.Shipment;
import io.github.timesortedid.jdbc.timeline.ShipmentRepository;
import io.github.timesortedid.jdbc.timeline.TimelineApplication;
import io.github.timesortedid.jdbc.timeline.Visit;
import io.github.timesortedid.jdbc.timeline.VisitRepository;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code IdResolver} in a Spring Data JDBC application, on H2, PostgreSQL and MariaDB: any ID of a
 * mapped aggregate (prefixed, typed, an unprefixed {@code Long} or {@code UUID}) tells its aggregate
 * type, algorithm and instant, and loads the whole aggregate; unknown prefixes, bad bodies and IDs of
 * another type are {@code InvalidIdException}s; an ID no row has is empty.
 */
class AggregateIdResolverTests {

	private static final Map<Database, ConfigurableApplicationContext> timelines = new EnumMap<>(Database.class);

	@AfterAll
	static void close() {
		timelines.values().forEach(ConfigurableApplicationContext::close);
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void anyIdTellsItsAggregateAndLoadsIt(Database database) {
		ConfigurableApplicationContext context = timeline(database);
		TimeSortedIds ids = context.getBean(TimeSortedIds.class);
		Instant instant = Instant.parse("2026-04-01T12:00:00.123Z");
		Shipment shipment = context.getBean(ShipmentRepository.class)
			.save(new Shipment(ids.nextAt(Shipment.class, instant), "Lisbon").scan("hub").scan("door"));
		Visit visit = context.getBean(VisitRepository.class).save(new Visit(null, "checkup"));
		Sample sample = context.getBean(SampleRepository.class).save(new Sample(null, "21.5"));
		Beacon beacon = context.getBean(BeaconRepository.class).save(new Beacon(null, "gate"));
		Coupon coupon = context.getBean(CouponRepository.class).save(new Coupon(null, "SPRING"));
		IdResolver resolver = context.getBean(IdResolver.class);

		// tag::resolve[]
		ParsedId parsed = resolver.parse(shipment.getId());
		assertThat(parsed.entityName()).isEqualTo("Shipment");
		assertThat(parsed.prefix()).isEqualTo("shp");
		assertThat(parsed.algorithm()).isEqualTo("uuidv7");
		// end::resolve[]
		assertThat(parsed.body()).isEqualTo(shipment.getId().substring(4));
		assertThat(parsed.createdAt()).contains(instant);
		assertThat(resolver.parse(coupon.id()).createdAt()).isEmpty();

		// tag::find[]
		Object found = resolver.find(shipment.getId()).orElseThrow();
		assertThat(found).isInstanceOfSatisfying(Shipment.class, whole -> assertThat(whole.getScans())
			.extracting(Scan::place).containsExactly("hub", "door"));
		assertThat(resolver.find(visit.id().value(), Visit.class).map(Visit::label)).contains("checkup");
		// end::find[]
		assertThat(resolver.find(sample.id().toString(), Sample.class).map(Sample::label)).contains("21.5");
		assertThat(resolver.find(beacon.id().toString())).contains(beacon);
		assertThat(resolver.find(coupon.id(), Coupon.class)).contains(coupon);
		// an entity inside an aggregate is loaded from its own table, as JPA loads an entity
		Scan scan = ((Shipment) found).getScans().get(0);
		assertThat(resolver.find(scan.id(), Scan.class)).contains(scan);
		assertThat(resolver.find("shp_01m80m8fdeefn8sbsertbdp6n0")).isEmpty();

		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.find(shipment.getId(), Visit.class))
			.withMessageContaining("an ID of Shipment, not of Visit");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.find("acct_01m80m8fdeefn8sbsertbdp6n0"))
			// the unprefixed ones in the order the mapping context lists its entities, which varies
			.withMessageMatching(".*unknown prefix 'acct', and not an ID of (Beacon, Sample|Sample, Beacon); "
					+ "known prefixes are alert, cpn, rcpt, scan, shp, trc, visit");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.find("shp_not-an-id"))
			.withMessageContaining("a uuidv7 body has 26 characters");
	}

	private static synchronized ConfigurableApplicationContext timeline(Database database) {
		return timelines.computeIfAbsent(database, AggregateIdResolverTests::start);
	}

	private static ConfigurableApplicationContext start(Database database) {
		try {
			DataSource dataSource = database.newDatabase();
			DataJdbcContexts.create(dataSource, TimelineApplication.DDL);
			return TimelineApplication.start(dataSource);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
