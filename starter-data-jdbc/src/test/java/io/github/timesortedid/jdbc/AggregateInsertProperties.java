package io.github.timesortedid.jdbc;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import javax.sql.DataSource;

import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.jdbc.orders.OrderApplication;
import io.github.timesortedid.jdbc.orders.OrderAttribute;
import io.github.timesortedid.jdbc.orders.OrderLine;
import io.github.timesortedid.jdbc.orders.OrderRepository;
import io.github.timesortedid.jdbc.orders.OrderTag;
import io.github.timesortedid.jdbc.orders.PurchaseOrder;
import io.github.timesortedid.jdbc.orders.PurchaseOrder.Address;
import io.github.timesortedid.jdbc.orders.PurchaseOrder.Status;
import io.github.timesortedid.testsupport.Database;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The retry-safe insert's comparison over random order aggregates (null and present embedded
 * addresses, decimals with more scale than their column, instants with nanoseconds, zero to four
 * lines, sets of tags, maps of attributes) on H2, PostgreSQL and MariaDB: a replay of the same data, with new
 * objects and no line IDs, is "already existed"; the same data with any one property changed is a
 * conflict that names exactly that property, and leaves the stored aggregate as it was.
 */
class AggregateInsertProperties {

	private static final Map<Database, ConfigurableApplicationContext> shops = new EnumMap<>(Database.class);

	@BeforeContainer
	static void start() throws Exception {
		for (Database database : Database.values()) {
			DataSource dataSource = database.newDatabase();
			DataJdbcContexts.create(dataSource, OrderApplication.DDL);
			shops.put(database, OrderApplication.start(dataSource));
		}
	}

	@AfterContainer
	static void stop() {
		shops.values().forEach(ConfigurableApplicationContext::close);
	}

	@Property(tries = 100)
	void aReplayAlreadyExistedAndAnyOneChangeIsAConflictNamingIt(@ForAll("databases") Database database,
			@ForAll("orders") OrderData data, @ForAll("changes") int change) {
		OrderRepository orders = shops.get(database).getBean(OrderRepository.class);
		InsertResult<PurchaseOrder> created = orders.insert(data.order(null));
		String id = created.entity().getId();
		assertThat(created.created()).isTrue();
		assertThat(orders.insert(data.order(id)).alreadyExisted()).isTrue();

		List<Change> changes = data.changes();
		Change chosen = changes.get(change % changes.size());
		PurchaseOrder changed = data.order(id);
		chosen.apply().accept(changed);
		assertThatExceptionOfType(InsertConflictException.class).as(chosen.property())
			.isThrownBy(() -> orders.insert(changed))
			.satisfies(conflict -> assertThat(conflict.getDifferingAttributes()).containsExactly(chosen.property()));
		// nothing of the conflicting attempt was stored: the first request's data still replays
		assertThat(orders.insert(data.order(id)).alreadyExisted()).isTrue();
	}

	@Provide
	Arbitrary<Database> databases() {
		return Arbitraries.of(Database.class);
	}

	@Provide
	Arbitrary<Integer> changes() {
		return Arbitraries.integers().between(0, 1000);
	}

	@Provide
	Arbitrary<OrderData> orders() {
		Arbitrary<String> words = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(12);
		Arbitrary<Address> addresses = Builders.withBuilder(() -> new String[2])
			.use(words).in((parts, street) -> { parts[0] = street; return parts; })
			.use(words.injectNull(0.2)).in((parts, city) -> { parts[1] = city; return parts; })
			.build(parts -> new Address(parts[0], parts[1]));
		Arbitrary<BigDecimal> totals = Arbitraries.bigDecimals().between(BigDecimal.ZERO, new BigDecimal("999999"))
			.ofScale(Arbitraries.integers().between(0, 5).sample());
		// from 2000 to 2038, the range of MariaDB's timestamp
		Arbitrary<Instant> instants = Arbitraries.longs().between(946684800L, 2145916800L)
			.flatMap(seconds -> Arbitraries.integers().between(0, 999_999_999).map(nanos -> Instant.ofEpochSecond(seconds, nanos)));
		Arbitrary<List<LineData>> lines = Builders.withBuilder(() -> new Object[2])
			.use(words).in((parts, product) -> { parts[0] = product; return parts; })
			.use(Arbitraries.integers().between(0, 1000)).in((parts, quantity) -> { parts[1] = quantity; return parts; })
			.build(parts -> new LineData((String) parts[0], (Integer) parts[1]))
			.list().ofMaxSize(4);
		Arbitrary<Set<String>> tags = words.set().ofMaxSize(3);
		Arbitrary<Map<String, String>> attributes = Arbitraries.maps(words, words).ofMaxSize(3);
		return Builders.withBuilder(OrderData.Builder::new)
			.use(words).in(OrderData.Builder::customer)
			.use(addresses.injectNull(0.3)).in(OrderData.Builder::shipTo)
			.use(totals.injectNull(0.2)).in(OrderData.Builder::total)
			.use(instants.injectNull(0.2)).in(OrderData.Builder::placedAt)
			.use(Arbitraries.of(Status.class).injectNull(0.2)).in(OrderData.Builder::status)
			.use(lines).in(OrderData.Builder::lines)
			.use(tags).in(OrderData.Builder::tags)
			.use(attributes).in(OrderData.Builder::attributes)
			.build(OrderData.Builder::build);
	}

	/** A line's data. */
	record LineData(String product, int quantity) {

	}

	/** One property changed, and the name a conflict gives it. */
	record Change(String property, Consumer<PurchaseOrder> apply) {

	}

	/** An order's data, from which each request builds new objects, as a replayed request would. */
	record OrderData(String customer, @Nullable Address shipTo, @Nullable BigDecimal total, @Nullable Instant placedAt,
			@Nullable Status status, List<LineData> lines, Set<String> tags, Map<String, String> attributes) {

		PurchaseOrder order(@Nullable String id) {
			PurchaseOrder order = new PurchaseOrder(this.customer, this.shipTo, this.total, this.placedAt, this.status);
			order.setId(id);
			this.lines.forEach(line -> order.getLines().add(new OrderLine(line.product(), line.quantity())));
			this.tags.forEach(tag -> order.getTags().add(new OrderTag(tag)));
			this.attributes.forEach((key, detail) -> order.getAttributes().put(key, new OrderAttribute(detail)));
			return order;
		}

		/** Every single change this order can take, each with the property a conflict must name. */
		List<Change> changes() {
			List<Change> changes = new ArrayList<>();
			changes.add(new Change("customer", order -> order.setCustomer(order.getCustomer() + "x")));
			if (this.shipTo == null) {
				changes.add(new Change("shipTo.street", order -> order.setShipTo(new Address("1 Main St", null))));
			}
			else {
				changes.add(new Change("shipTo.street", order -> order.setShipTo(new Address(this.shipTo.street() + "x", this.shipTo.city()))));
				changes.add(new Change("shipTo.city", order -> order.setShipTo(new Address(this.shipTo.street(),
						(this.shipTo.city() != null) ? null : "Lyon"))));
			}
			changes.add(new Change("total", order -> order.setTotal((this.total != null) ? this.total.add(BigDecimal.ONE) : BigDecimal.TEN)));
			changes.add(new Change("placedAt", order -> order.setPlacedAt((this.placedAt != null) ? this.placedAt.plusMillis(1)
					: Instant.parse("2026-11-27T10:00:00Z"))));
			changes.add(new Change("status", order -> order.setStatus((this.status == Status.PAID) ? Status.SHIPPED : Status.PAID)));
			for (int i = 0; i < this.lines.size(); i++) {
				int index = i;
				changes.add(new Change("lines[" + i + "].quantity", order -> {
					OrderLine line = order.getLines().get(index);
					line.setQuantity(line.getQuantity() + 1);
				}));
				changes.add(new Change("lines[" + i + "].product", order -> {
					OrderLine line = order.getLines().get(index);
					line.setProduct(line.getProduct() + "x");
				}));
			}
			changes.add(new Change("lines", order -> order.getLines().add(new OrderLine("extra", 1))));
			changes.add(new Change("tags", order -> order.getTags().add(new OrderTag("0"))));
			if (!this.tags.isEmpty()) {
				changes.add(new Change("tags", order -> order.getTags().remove(new OrderTag(this.tags.iterator().next()))));
			}
			this.attributes.forEach((key, detail) -> changes.add(new Change("attributes[" + key + "].detail",
					order -> order.getAttributes().put(key, new OrderAttribute(detail + "x")))));
			changes.add(new Change("attributes", order -> order.getAttributes().put("0", new OrderAttribute("new"))));
			return changes;
		}

		/** Collects the generated parts. */
		static final class Builder {

			private String customer = "";

			private @Nullable Address shipTo;

			private @Nullable BigDecimal total;

			private @Nullable Instant placedAt;

			private @Nullable Status status;

			private List<LineData> lines = List.of();

			private Set<String> tags = Set.of();

			private Map<String, String> attributes = Map.of();

			Builder customer(String customer) {
				this.customer = customer;
				return this;
			}

			Builder shipTo(@Nullable Address shipTo) {
				this.shipTo = shipTo;
				return this;
			}

			Builder total(@Nullable BigDecimal total) {
				this.total = total;
				return this;
			}

			Builder placedAt(@Nullable Instant placedAt) {
				this.placedAt = placedAt;
				return this;
			}

			Builder status(@Nullable Status status) {
				this.status = status;
				return this;
			}

			Builder lines(List<LineData> lines) {
				this.lines = lines;
				return this;
			}

			Builder tags(Set<String> tags) {
				this.tags = new LinkedHashSet<>(tags);
				return this;
			}

			Builder attributes(Map<String, String> attributes) {
				this.attributes = new LinkedHashMap<>(attributes);
				return this;
			}

			OrderData build() {
				return new OrderData(this.customer, this.shipTo, this.total, this.placedAt, this.status, this.lines,
						this.tags, this.attributes);
			}

		}

	}

}
