package io.github.timesortedid.jdbc;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.jdbc.timeline.Alert;
import io.github.timesortedid.jdbc.timeline.AlertRepository;
import io.github.timesortedid.jdbc.timeline.Beacon;
import io.github.timesortedid.jdbc.timeline.BeaconRepository;
import io.github.timesortedid.jdbc.timeline.Labelled;
import io.github.timesortedid.jdbc.timeline.Receipt;
import io.github.timesortedid.jdbc.timeline.ReceiptRepository;
import io.github.timesortedid.jdbc.timeline.Sample;
import io.github.timesortedid.jdbc.timeline.SampleRepository;
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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code TimeRangeRepository} on Spring Data JDBC over random aggregates made at random instants, on
 * H2, PostgreSQL and MariaDB, for each precision, ID order and Java type. The oracle is the instant
 * each aggregate's ID was minted for, truncated to the algorithm's precision, and the order in which
 * IDs were minted, never the IDs themselves: a time range returns exactly the aggregates whose instant
 * lies in it, oldest first; keyset pages, followed from the start to the end either way, return every
 * aggregate once, in that order or its reverse.
 */
class AggregateTimeRangeProperties {

	private static final Instant START = Instant.parse("2027-01-01T00:00:00Z");

	private static final Map<Database, ConfigurableApplicationContext> timelines = new EnumMap<>(Database.class);

	/** Each try on a day of its own, so that its IDs never meet another try's. */
	private static final AtomicInteger days = new AtomicInteger();

	@BeforeContainer
	static void start() throws Exception {
		for (Database database : Database.values()) {
			DataSource dataSource = database.newDatabase();
			DataJdbcContexts.create(dataSource, TimelineApplication.DDL);
			timelines.put(database, TimelineApplication.start(dataSource));
		}
	}

	@AfterContainer
	static void stop() {
		timelines.values().forEach(ConfigurableApplicationContext::close);
	}

	@Property(tries = 60)
	void rangesHoldExactlyTheAggregatesMadeInThemAndPagesEveryOneInOrder(@ForAll("databases") Database database,
			@ForAll Kind kind, @ForAll("offsets") List<Long> offsets, @ForAll("offsets") List<Long> bounds,
			@ForAll @IntRange(min = 1, max = 5) int limit) {
		ConfigurableApplicationContext context = timelines.get(database);
		JdbcAggregateTemplate template = context.getBean(JdbcAggregateTemplate.class);
		TimeSortedIds ids = context.getBean(TimeSortedIds.class);
		@SuppressWarnings("unchecked")
		TimeRangeRepository<Labelled, Object> ranges = (TimeRangeRepository<Labelled, Object>) context
			.getBean(kind.repository);
		template.deleteAll(kind.type);
		Instant day = START.plus(days.getAndIncrement(), ChronoUnit.DAYS);

		List<Made> made = new ArrayList<>();
		for (long offset : offsets) {
			Instant at = day.plusNanos(offset);
			String label = "a" + made.size();
			Object id = ids.nextAt(kind.type, at);
			template.save(kind.factory.apply(id, label));
			made.add(new Made(label, id, at.truncatedTo(kind.precision), made.size()));
		}
		List<Made> inOrder = made.stream().sorted(Comparator.comparing(Made::instant).thenComparing(Made::minted)).toList();

		Instant from = day.plusNanos(Math.min(bounds.get(0), bounds.get(bounds.size() - 1)));
		Instant to = day.plusNanos(Math.max(bounds.get(0), bounds.get(bounds.size() - 1))).plusNanos(1);
		Instant fromTick = from.truncatedTo(kind.precision);
		Instant toTick = to.truncatedTo(kind.precision);
		String what = kind + " on " + database.label() + " in [" + from + ", " + to + ")";
		assertThat(labels(ranges.findCreatedBetween(from, to))).as(what)
			.containsExactlyElementsOf(inOrder.stream()
				.filter(it -> !it.instant().isBefore(fromTick) && it.instant().isBefore(toTick))
				.map(Made::label)
				.toList());
		assertThat(labels(ranges.findCreatedSince(from))).as(what)
			.containsExactlyElementsOf(inOrder.stream().filter(it -> !it.instant().isBefore(fromTick)).map(Made::label).toList());
		assertThat(labels(ranges.findCreatedBefore(to))).as(what)
			.containsExactlyElementsOf(inOrder.stream().filter(it -> it.instant().isBefore(toTick)).map(Made::label).toList());

		Map<String, Object> idOf = new java.util.HashMap<>();
		made.forEach(it -> idOf.put(it.label(), it.id()));
		List<String> newestFirst = new ArrayList<>(inOrder.stream().map(Made::label).toList());
		java.util.Collections.reverse(newestFirst);
		assertThat(pages(ranges, idOf, limit, true)).as(what + " pages of " + limit)
			.containsExactlyElementsOf(inOrder.stream().map(Made::label).toList());
		assertThat(pages(ranges, idOf, limit, false)).as(what + " pages of " + limit + ", newest first")
			.containsExactlyElementsOf(newestFirst);
	}

	/** Every page from the first to the first short one, each after the last ID of the one before. */
	private static List<String> pages(TimeRangeRepository<Labelled, Object> ranges, Map<String, Object> idOf, int limit,
			boolean oldestFirst) {
		List<String> all = new ArrayList<>();
		Object cursor = null;
		while (true) {
			List<String> page = labels(oldestFirst ? ranges.findPageAfter(cursor, limit) : ranges.findPageBefore(cursor, limit));
			assertThat(page).hasSizeLessThanOrEqualTo(limit);
			all.addAll(page);
			if (page.size() < limit) {
				return all;
			}
			cursor = idOf.get(page.get(page.size() - 1));
		}
	}

	private static List<String> labels(List<? extends Labelled> aggregates) {
		return aggregates.stream().map(Labelled::label).toList();
	}

	@Provide
	Arbitrary<Database> databases() {
		return Arbitraries.of(Database.class);
	}

	/**
	 * Nanoseconds into the day: clustered within a few milliseconds (many IDs share a tick), or spread
	 * over seconds (ticks of {@code ksuid} and {@code kuuid} apart).
	 */
	@Provide
	Arbitrary<List<Long>> offsets() {
		Arbitrary<Long> near = Arbitraries.longs().between(0, 5_000_000L);
		Arbitrary<Long> far = Arbitraries.longs().between(0, 20_000_000_000L);
		return Combinators.combine(Arbitraries.of(near, far), Arbitraries.integers().between(1, 14))
			.flatAs((scale, size) -> scale.list().ofSize(size));
	}

	/** The aggregates of the timeline: precisions, ID orders and Java types. */
	enum Kind {

		SHIPMENT(Shipment.class, ShipmentRepository.class, ChronoUnit.MILLIS,
				(id, label) -> new Shipment((String) id, label).scan(label + " hub")),
		RECEIPT(Receipt.class, ReceiptRepository.class, ChronoUnit.SECONDS, (id, label) -> new Receipt((String) id, label)),
		TRACE(Trace.class, TraceRepository.class, ChronoUnit.MICROS, (id, label) -> new Trace((String) id, label)),
		ALERT(Alert.class, AlertRepository.class, ChronoUnit.SECONDS, (id, label) -> new Alert((String) id, label)),
		SAMPLE(Sample.class, SampleRepository.class, ChronoUnit.MILLIS, (id, label) -> new Sample((Long) id, label)),
		BEACON(Beacon.class, BeaconRepository.class, ChronoUnit.MILLIS,
				(id, label) -> new Beacon((java.util.UUID) id, label)),
		VISIT(Visit.class, VisitRepository.class, ChronoUnit.MILLIS, (id, label) -> new Visit((VisitId) id, label));

		final Class<?> type;

		final Class<?> repository;

		final ChronoUnit precision;

		final BiFunction<Object, String, Labelled> factory;

		Kind(Class<?> type, Class<?> repository, ChronoUnit precision, BiFunction<Object, String, Labelled> factory) {
			this.type = type;
			this.repository = repository;
			this.precision = precision;
			this.factory = factory;
		}

	}

	/** An aggregate made: its label, its ID, its instant at the algorithm's precision, and when it was minted. */
	record Made(String label, Object id, Instant instant, int minted) {

	}

}
