package io.github.timesortedid.insert;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.autoconfigure.fixtures.orders.Address;
import io.github.timesortedid.autoconfigure.fixtures.orders.Customer;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrderLine;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrdersApplication;
import io.github.timesortedid.autoconfigure.fixtures.orders.Packaging;
import io.github.timesortedid.autoconfigure.fixtures.orders.PurchaseOrder;
import io.github.timesortedid.testsupport.CommitFault;
import io.github.timesortedid.testsupport.Database;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Generated orders (timestamps with nanoseconds, decimals with excess scale, offsets from -14:00 to
 * +14:00, text from every Unicode plane and control characters, empty and large collections,
 * legacy dates, JSON maps of longs, floats, doubles, text and booleans, a record embeddable,
 * nulls) inserted under a generated fault, then
 * replayed, on H2, PostgreSQL and MariaDB: one row, stored as the database stores the first request
 * (checked over JDBC against each database's documented rounding, not against the library's comparison), the identical replay already existing, and a
 * replay with one attribute changed a conflict that names it.
 */
class InsertReplayProperties {

	private static final Map<Database, Store> stores = new EnumMap<>(Database.class);

	@AfterContainer
	static void stop() {
		stores.values().forEach(Store::close);
		stores.clear();
	}

	@Property(tries = 300)
	void onH2(@ForAll("orders") Order values, @ForAll("faults") CommitFault.Kind fault, @ForAll("changes") Change change) {
		check(store(Database.H2), values, fault, change);
	}

	@Property(tries = 60)
	void onPostgresql(@ForAll("orders") Order values, @ForAll("faults") CommitFault.Kind fault,
			@ForAll("changes") Change change) {
		check(store(Database.POSTGRESQL), values, fault, change);
	}

	@Property(tries = 60)
	void onMariadb(@ForAll("orders") Order values, @ForAll("faults") CommitFault.Kind fault,
			@ForAll("changes") Change change) {
		check(store(Database.MARIADB), values, fault, change);
	}

	/** A JSON number beyond {@code long}, which PostgreSQL's {@code jsonb} writes back without its exponent. */
	@Example
	void aJsonNumberBeyondLongOnPostgresql() {
		for (Object number : List.of(4.8350773E19f, 4.8350773E19d, -9.3E18f, 1.0E300d)) {
			Order values = new Order(null, null, null, null, null, List.of(), List.of(), "A", null,
					Map.of("iomt", number), new Packaging(83, 107, 21));
			check(store(Database.POSTGRESQL), values, CommitFault.Kind.FAILED, Change.ATTRIBUTES);
		}
	}

	private static void check(Store store, Order values, CommitFault.Kind fault, Change change) {
		PurchaseOrder order = values.build(store.customer);
		store.commits.arm(fault);
		InsertResult<PurchaseOrder> result = store.inserter.insert(order);
		store.commits.arm(null);
		String id = order.getId();
		assertThat(result.created()).isEqualTo(fault != CommitFault.Kind.LOST);

		JdbcTemplate jdbc = store.jdbc;
		Map<String, Object> row = jdbc.queryForMap("SELECT placed_at, total, note FROM purchase_order WHERE id = ?", id);
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM purchase_order WHERE id = ?", Long.class, id)).isOne();
		assertThat(jdbc.queryForList("SELECT tag FROM purchase_order_tag WHERE purchase_order_id = ?", String.class, id))
			.containsExactlyInAnyOrderElementsOf(values.tags());
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM order_line WHERE order_id = ?", Long.class, id))
			.isEqualTo(values.lines().size());
		assertThat(instant(store.database, row.get("placed_at"))).isEqualTo(micros(store.database, values.placedAt()));
		assertThat((BigDecimal) row.get("total"))
			.isEqualTo((values.total() != null) ? values.total().setScale(2, RoundingMode.HALF_UP) : null);
		assertThat(row.get("note")).isEqualTo(values.note());

		PurchaseOrder replay = values.build(store.customer);
		replay.setId(id);
		assertThat(store.inserter.insert(replay).alreadyExisted()).isTrue();

		PurchaseOrder changed = values.build(store.customer);
		changed.setId(id);
		change.apply(changed);
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> store.inserter.insert(changed))
			.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactly(change.attribute()));
	}

	private static Store store(Database database) {
		return stores.computeIfAbsent(database, Store::new);
	}

	/** One database with the orders application on it, started on first use. */
	private static final class Store {

		final Database database;

		final CommitFault commits = new CommitFault();

		final HikariDataSource pool = new HikariDataSource();

		final ConfigurableApplicationContext context;

		final RetrySafeInserter inserter;

		final JdbcTemplate jdbc;

		final Customer customer;

		Store(Database database) {
			this.database = database;
			DataSource raw = database.newDatabase();
			if (database == Database.MARIADB) {
				// real applications' MariaDB schemas hold any text: utf8mb4, not the server's latin1 default
				new JdbcTemplate(raw).execute("ALTER DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
			}
			this.pool.setDataSource(this.commits.around(raw));
			this.context = new SpringApplicationBuilder(OrdersApplication.class).web(WebApplicationType.NONE)
				.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", this.pool))
				.properties(Map.of("spring.jpa.hibernate.ddl-auto", "create", "time-sorted-id.insert.initial-delay", "1ms",
						"time-sorted-id.insert.jitter", "0ms", "spring.main.banner-mode", "off"))
				.run();
			this.inserter = this.context.getBean(RetrySafeInserter.class);
			this.jdbc = new JdbcTemplate(raw);
			this.customer = this.inserter.insert(new Customer("Ada")).entity();
		}

		void close() {
			this.context.close();
			this.pool.close();
		}

	}


	/**
	 * What each database keeps of an instant in a {@code timestamp(6)}/{@code datetime(6)} column:
	 * H2 and PostgreSQL (through PgJDBC) round to microseconds half up, MariaDB drops the digits.
	 */
	private static Instant micros(Database database, Instant value) {
		if (value == null) {
			return null;
		}
		long micros = (database == Database.MARIADB) ? value.getNano() / 1000 : (value.getNano() + 500) / 1000;
		return Instant.ofEpochSecond(value.getEpochSecond()).plusNanos(micros * 1000);
	}

	/**
	 * The instant a {@code placed_at} value holds. H2's and PostgreSQL's columns keep a time zone;
	 * MariaDB's {@code datetime} has none, and Hibernate writes an {@code Instant} there as its UTC
	 * wall-clock time, whatever the JVM's zone.
	 */
	private static Instant instant(Database database, Object value) {
		if (value == null) {
			return null;
		}
		if (database == Database.MARIADB) {
			LocalDateTime wallClock = (value instanceof Timestamp timestamp) ? timestamp.toLocalDateTime() : (LocalDateTime) value;
			return wallClock.toInstant(ZoneOffset.UTC);
		}
		if (value instanceof OffsetDateTime dateTime) {
			return dateTime.toInstant();
		}
		return (value instanceof Timestamp timestamp) ? timestamp.toInstant() : (Instant) value;
	}

	@Provide
	Arbitrary<CommitFault.Kind> faults() {
		return Arbitraries.of(CommitFault.Kind.values()).injectNull(0.34);
	}

	@Provide
	Arbitrary<Change> changes() {
		return Arbitraries.of(Change.values());
	}

	@Provide
	Arbitrary<Order> orders() {
		Arbitrary<Instant> instants = Arbitraries.longs()
			.between(0, 4_102_444_800L)
			.flatMap(seconds -> Arbitraries.integers().between(0, 999_999_999).map(nanos -> Instant.ofEpochSecond(seconds, nanos)));
		// unscaled values and scales up to 6, more than the columns' 2: totals fit numeric(12,2), prices numeric(10,2)
		Arbitrary<BigDecimal> decimals = decimals(999_999_999L);
		Arbitrary<BigDecimal> prices = decimals(9_999_999L);
		Arbitrary<ZoneOffset> offsets = Arbitraries.integers().between(-14 * 4, 14 * 4).map(q -> ZoneOffset.ofTotalSeconds(q * 900));
		// valid Unicode of every plane (emoji are surrogate pairs); see the guide on unpaired surrogates
		Arbitrary<Integer> codePoints = Arbitraries.frequencyOf(
				Tuple.of(6, Arbitraries.integers().between(0x20, 0x7e)),
				Tuple.of(3, Arbitraries.integers().between(0xa0, 0xd7ff)),
				Tuple.of(1, Arbitraries.integers().between(0x1f300, 0x1faff)),
				Tuple.of(1, Arbitraries.integers().between(0x01, 0x1f)));
		Function<Integer, Arbitrary<String>> textUpTo = max -> codePoints.list()
			.ofMaxSize(max)
			.map(points -> new String(points.stream().mapToInt(Integer::intValue).toArray(), 0, points.size()));
		Arbitrary<String> text = textUpTo.apply(30);
		Arbitrary<Address> addresses = Builders.withBuilder(() -> new String[3])
			.use(text.injectNull(0.2)).in((parts, street) -> { parts[0] = street; return parts; })
			.use(text.injectNull(0.2)).in((parts, city) -> { parts[1] = city; return parts; })
			.use(textUpTo.apply(5).injectNull(0.2)).in((parts, code) -> { parts[2] = code; return parts; })
			.build(parts -> new Address(parts[0], parts[1], parts[2]))
			.injectNull(0.2);
		Arbitrary<LineValues> lines = Builders.withBuilder(() -> new Object[3])
			.use(text.filter(sku -> !sku.isEmpty())).in((parts, sku) -> { parts[0] = sku; return parts; })
			.use(Arbitraries.integers().between(0, 1000)).in((parts, quantity) -> { parts[1] = quantity; return parts; })
			.use(prices.injectNull(0.1)).in((parts, price) -> { parts[2] = price; return parts; })
			.build(parts -> new LineValues((String) parts[0], (Integer) parts[1], (BigDecimal) parts[2]));
		// JSON numbers of every kind Jackson reads back as another: long as Integer, float as Double
		Arbitrary<Object> jsonValues = Arbitraries.oneOf(Arbitraries.longs().map(Object.class::cast),
				Arbitraries.floats().filter(Float::isFinite).map(Object.class::cast),
				Arbitraries.doubles().filter(Double::isFinite).map(Object.class::cast), text.map(Object.class::cast),
				Arbitraries.of(true, false).map(Object.class::cast));
		Arbitrary<Map<String, Object>> attributes = Arbitraries.maps(Arbitraries.strings().alpha().ofLength(4), jsonValues)
			.ofMaxSize(5);
		Arbitrary<Packaging> boxes = Arbitraries.integers()
			.between(0, 500)
			.list()
			.ofSize(3)
			.map(sides -> new Packaging(sides.get(0), sides.get(1), sides.get(2)));
		Arbitrary<Date> dates = Arbitraries.longs().between(0, 4_102_444_800_000L).map(Date::new).injectNull(0.2);
		return Builders.withBuilder(() -> new Object[11])
			.use(instants.injectNull(0.1)).in((parts, value) -> { parts[0] = value; return parts; })
			.use(decimals.injectNull(0.1)).in((parts, value) -> { parts[1] = value; return parts; })
			.use(instants.flatMap(i -> offsets.map(o -> i.atOffset(o))).injectNull(0.1))
			.in((parts, value) -> { parts[2] = value; return parts; })
			.use(text.injectNull(0.1)).in((parts, value) -> { parts[3] = value; return parts; })
			.use(addresses).in((parts, value) -> { parts[4] = value; return parts; })
			.use(textUpTo.apply(40).list().ofMaxSize(40)).in((parts, value) -> { parts[5] = value; return parts; })
			.use(lines.list().ofMaxSize(6)).in((parts, value) -> { parts[6] = value; return parts; })
			.use(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20)).in((parts, value) -> { parts[7] = value; return parts; })
			.use(dates).in((parts, value) -> { parts[8] = value; return parts; })
			.use(attributes).in((parts, value) -> { parts[9] = value; return parts; })
			.use(boxes).in((parts, value) -> { parts[10] = value; return parts; })
			.build(parts -> new Order((Instant) parts[0], (BigDecimal) parts[1], (OffsetDateTime) parts[2],
					(String) parts[3], (Address) parts[4], cast(parts[5]), cast(parts[6]), (String) parts[7],
					(Date) parts[8], castMap(parts[9]), (Packaging) parts[10]));
	}

	private static Arbitrary<BigDecimal> decimals(long largestUnscaled) {
		return Arbitraries.longs()
			.between(-largestUnscaled, largestUnscaled)
			.flatMap(unscaled -> Arbitraries.integers().between(0, 6).map(scale -> BigDecimal.valueOf(unscaled, scale)));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> castMap(Object map) {
		return (Map<String, Object>) map;
	}

	@SuppressWarnings("unchecked")
	private static <T> List<T> cast(Object list) {
		return (List<T>) list;
	}

	/** One change of one attribute, and the name a conflict must give it. */
	enum Change {

		NOTE("note") {
			@Override
			void apply(PurchaseOrder order) {
				order.setNote((order.getNote() != null) ? order.getNote() + "!" : "now set");
			}
		},
		TOTAL("total") {
			@Override
			void apply(PurchaseOrder order) {
				order.setTotal((order.getTotal() != null) ? order.getTotal().add(new BigDecimal("0.01")) : BigDecimal.ONE);
			}
		},
		PLACED_AT("placedAt") {
			@Override
			void apply(PurchaseOrder order) {
				order.setPlacedAt((order.getPlacedAt() != null) ? order.getPlacedAt().plusMillis(1) : Instant.EPOCH);
			}
		},
		TAGS("tags") {
			@Override
			void apply(PurchaseOrder order) {
				order.getTags().add("extra");
			}
		},
		LINES("lines") {
			@Override
			void apply(PurchaseOrder order) {
				order.getLines().add(new OrderLine("EXTRA", 1, BigDecimal.ONE));
			}
		},
		CITY("shipTo.city") {
			@Override
			void apply(PurchaseOrder order) {
				if (order.getShipTo() == null) {
					order.setShipTo(new Address(null, "Changed", null));
				}
				else {
					order.getShipTo().setCity((order.getShipTo().getCity() != null) ? order.getShipTo().getCity() + "!" : "Changed");
				}
			}
		},
		REQUESTED_AT("requestedAt") {
			@Override
			void apply(PurchaseOrder order) {
				// a second later: a timestamp(6) column keeps milliseconds
				order.setRequestedAt(new Date((order.getRequestedAt() != null) ? order.getRequestedAt().getTime() + 1000 : 0));
			}
		},
		ATTRIBUTES("attributes") {
			@Override
			void apply(PurchaseOrder order) {
				order.getAttributes().merge("count", 1L, (a, b) -> ((Number) a).longValue() + 1);
			}
		},
		PACKAGING("packaging.depth") {
			@Override
			void apply(PurchaseOrder order) {
				Packaging box = order.getPackaging();
				order.setPackaging(new Packaging(box.width(), box.height(), box.depth() + 1));
			}
		};

		private final String attribute;

		Change(String attribute) {
			this.attribute = attribute;
		}

		String attribute() {
			return this.attribute;
		}

		abstract void apply(PurchaseOrder order);

	}

	record LineValues(String sku, int quantity, BigDecimal unitPrice) {
	}

	/** The values of one order; {@link #build} makes a fresh aggregate of them each time. */
	record Order(Instant placedAt, BigDecimal total, OffsetDateTime promisedFor, String note, Address shipTo,
			List<String> tags, List<LineValues> lines, String reference, Date requestedAt, Map<String, Object> attributes,
			Packaging packaging) {

		PurchaseOrder build(Customer customer) {
			PurchaseOrder order = new PurchaseOrder(this.reference, customer);
			order.setPlacedAt(this.placedAt);
			order.setTotal(this.total);
			order.setPromisedFor(this.promisedFor);
			order.setNote(this.note);
			order.setShipTo((this.shipTo != null)
					? new Address(this.shipTo.getStreet(), this.shipTo.getCity(), this.shipTo.getPostalCode()) : null);
			order.setTags(new ArrayList<>(this.tags));
			this.lines.forEach(line -> order.getLines().add(new OrderLine(line.sku(), line.quantity(), line.unitPrice())));
			order.setRequestedAt((this.requestedAt != null) ? new Date(this.requestedAt.getTime()) : null);
			order.setAttributes(new LinkedHashMap<>(this.attributes));
			order.setPackaging(this.packaging);
			return order;
		}

	}

}
