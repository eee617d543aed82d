package io.github.timesortedid.jdbc;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.jdbc.orders.OrderApplication;
import io.github.timesortedid.jdbc.orders.OrderAttribute;
import io.github.timesortedid.jdbc.orders.OrderImports;
import io.github.timesortedid.jdbc.orders.OrderLine;
import io.github.timesortedid.jdbc.orders.OrderRepository;
import io.github.timesortedid.jdbc.orders.OrderTag;
import io.github.timesortedid.jdbc.orders.PurchaseOrder;
import io.github.timesortedid.jdbc.orders.PurchaseOrder.Address;
import io.github.timesortedid.jdbc.orders.PurchaseOrder.Status;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Retry-safe inserts of a Spring Data JDBC aggregate (an embedded address, lines in order with IDs of
 * their own, a set of tags, a map of attributes) through the {@code AggregateInsertRepository}
 * fragment: a replay is "already existed" with nothing written twice, a changed replay a conflict
 * naming the change, on H2, PostgreSQL and MariaDB.
 */
class AggregateInsertTests {

	private static final Map<Database, ConfigurableApplicationContext> shops = new EnumMap<>(Database.class);

	@AfterAll
	static void stop() {
		shops.values().forEach(ConfigurableApplicationContext::close);
	}

	static ConfigurableApplicationContext shop(Database database) throws Exception {
		ConfigurableApplicationContext shop = shops.get(database);
		if (shop == null) {
			DataSource dataSource = database.newDatabase();
			DataJdbcContexts.create(dataSource, OrderApplication.DDL);
			shop = OrderApplication.start(dataSource);
			shops.put(database, shop);
		}
		return shop;
	}

	static PurchaseOrder order(String id) {
		PurchaseOrder order = new PurchaseOrder("Ada", new Address("1 Main St", "Lyon"), new BigDecimal("12.3456"),
				Instant.parse("2026-11-27T10:15:30.123456789Z"), Status.PLACED);
		order.setId(id);
		order.getLines().add(new OrderLine("tea", 2));
		order.getLines().add(new OrderLine("cups", 6));
		order.getTags().add(new OrderTag("gift"));
		order.getTags().add(new OrderTag("express"));
		order.getAttributes().put("color", new OrderAttribute("green"));
		return order;
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void plainSpringDataJdbcCannotTellAReplayFromAConflict(Database database) throws Exception {
		JdbcAggregateTemplate template = shop(database).getBean(JdbcAggregateTemplate.class);
		PurchaseOrder first = template.insert(order(null));
		// a replay of the same request: Spring Data JDBC's own insert only knows the key is taken
		assertThatExceptionOfType(DuplicateKeyException.class).isThrownBy(() -> template.insert(order(first.getId())));
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void insertThenReplay(Database database) throws Exception {
		ConfigurableApplicationContext shop = shop(database);
		OrderRepository orders = shop.getBean(OrderRepository.class);
		// tag::insert[]
		InsertResult<PurchaseOrder> created = orders.insert(order(null));
		String id = created.entity().getId(); // ord_01..., and each line has its line_... ID
		// a replay: the same request again, with the same order ID (new line objects, without IDs)
		InsertResult<PurchaseOrder> replayed = orders.insert(order(id));
		// end::insert[]
		assertThat(created.created()).isTrue();
		assertThat(id).startsWith("ord_");
		assertThat(created.entity().getLines()).allSatisfy(line -> assertThat(line.getId()).startsWith("line_"));
		assertThat(replayed.alreadyExisted()).isTrue();
		assertThat(replayed.entity().getLines()).extracting(OrderLine::getId)
			.containsExactlyElementsOf(created.entity().getLines().stream().map(OrderLine::getId).toList());
		JdbcTemplate jdbc = shop.getBean(JdbcTemplate.class);
		assertThat(jdbc.queryForObject("select count(*) from purchase_order where id = ?", Integer.class, id)).isOne();
		assertThat(jdbc.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class, id))
			.isEqualTo(2);
		assertThat(jdbc.queryForObject("select count(*) from order_tag where purchase_order = ?", Integer.class, id))
			.isEqualTo(2);
		// the decimal was stored at its column's scale, the instant at microseconds: a replay is no conflict
		assertThat(orders.findById(id).orElseThrow().getTotal()).isEqualByComparingTo("12.35");
	}

	@Test
	void theFragmentOfJpaRepositoriesInsertsAggregatesAsWell() throws Exception {
		ConfigurableApplicationContext shop = shop(Database.H2);
		OrderImports imports = shop.getBean(OrderImports.class);
		InsertResult<PurchaseOrder> created = imports.insert(order(null));
		String id = created.entity().getId();
		assertThat(created.created()).isTrue();
		assertThat(imports.insert(order(id)).alreadyExisted()).isTrue();
		PurchaseOrder changed = order(id);
		changed.getLines().get(1).setQuantity(7);
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> imports.insert(changed))
			.satisfies(conflict -> assertThat(conflict.getDifferingAttributes()).containsExactly("lines[1].quantity"));
		assertThat(shop.getBean(JdbcTemplate.class)
			.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class, id)).isEqualTo(2);
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aChangedReplayIsAConflictNamingTheChange(Database database) throws Exception {
		OrderRepository orders = shop(database).getBean(OrderRepository.class);
		String id = orders.insert(order(null)).entity().getId();
		PurchaseOrder changed = order(id);
		changed.setShipTo(new Address("1 Main St", "Paris"));
		changed.getLines().get(1).setQuantity(7);
		changed.getTags().add(new OrderTag("fragile"));
		changed.getAttributes().put("color", new OrderAttribute("blue"));
		// tag::conflict[]
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> orders.insert(changed))
			.satisfies(conflict -> assertThat(conflict.getDifferingAttributes()).containsExactly("shipTo.city",
					"lines[1].quantity", "tags", "attributes[color].detail"))
			.withMessageStartingWith("PurchaseOrder " + id + " already exists with different data: shipTo.city, ");
		// end::conflict[]
		assertThat(orders.findById(id).orElseThrow().getShipTo().city()).isEqualTo("Lyon");
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aViolationOfAnotherUniqueConstraintPassesThrough(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource,
				OrderApplication.DDL + "; create unique index purchase_order_customer on purchase_order (customer)");
		try (ConfigurableApplicationContext shop = OrderApplication.start(dataSource)) {
			OrderRepository orders = shop.getBean(OrderRepository.class);
			orders.insert(order(null));
			// another order of the same customer: no aggregate has its ID, so neither a replay nor a conflict
			assertThatExceptionOfType(DuplicateKeyException.class).isThrownBy(() -> orders.insert(order(null)))
				.isNotInstanceOf(InsertConflictException.class);
			// the same in a batch, after its look-ups found no order with the batch's IDs
			assertThatExceptionOfType(DuplicateKeyException.class)
				.isThrownBy(() -> orders.insertAll(List.of(order(null), order(null))))
				.isNotInstanceOf(InsertConflictException.class);
			assertThat(orders.count()).isOne();
		}
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void identicalRequestsAtOnceStoreOneAggregate(Database database) throws Exception {
		ConfigurableApplicationContext shop = shop(database);
		OrderRepository orders = shop.getBean(OrderRepository.class);
		String id = shop.getBean(TimeSortedIds.class).next(PurchaseOrder.class);
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			List<Future<InsertResult<PurchaseOrder>>> results = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				results.add(pool.submit(() -> orders.insert(order(id))));
			}
			int created = 0;
			for (Future<InsertResult<PurchaseOrder>> result : results) {
				created += result.get().created() ? 1 : 0;
			}
			assertThat(created).isOne();
		}
		finally {
			pool.shutdown();
		}
		JdbcTemplate jdbc = shop.getBean(JdbcTemplate.class);
		assertThat(jdbc.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class, id))
			.isEqualTo(2);
	}

	@Test
	void aBadInsertSettingFailsStartupNamingIt() {
		new ApplicationContextRunner().withBean(DataSource.class, Database.H2::newDatabase)
			.withUserConfiguration(OrderApplication.class)
			.withPropertyValues("time-sorted-id.insert.max-attempts=0")
			.run(context -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(InvalidSettingException.class)
				.hasMessageContaining("time-sorted-id.insert.max-attempts"));
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void insideATransactionTheInsertJoinsIt(Database database) throws Exception {
		ConfigurableApplicationContext shop = shop(database);
		OrderRepository orders = shop.getBean(OrderRepository.class);
		TransactionTemplate transaction = new TransactionTemplate(shop.getBean(PlatformTransactionManager.class));
		long stored = orders.count();
		String id = transaction.execute(status -> {
			String inserted = orders.insert(order(null)).entity().getId();
			assertThat(orders.insert(order(inserted)).alreadyExisted()).isTrue();
			assertThat(orders.insertAll(List.of(order(inserted), order(null)))).extracting(InsertResult::created)
				.containsExactly(false, true);
			status.setRollbackOnly();
			return inserted;
		});
		// rolled back with the caller's transaction
		assertThat(orders.findById(id)).isEmpty();
		assertThat(orders.count()).isEqualTo(stored);
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void insertAllImportsABatchAndAnswersAReplayOfEachOrder(Database database) throws Exception {
		ConfigurableApplicationContext shop = shop(database);
		OrderRepository orders = shop.getBean(OrderRepository.class);
		TimeSortedIds ids = shop.getBean(TimeSortedIds.class);
		// an import file whose orders carry their IDs: it was half imported when the importer stopped
		List<String> file = List.of(ids.next(PurchaseOrder.class), ids.next(PurchaseOrder.class),
				ids.next(PurchaseOrder.class), ids.next(PurchaseOrder.class), ids.next(PurchaseOrder.class));
		orders.insertAll(file.subList(0, 2).stream().map(AggregateInsertTests::order).toList());
		// tag::insert-all[]
		List<PurchaseOrder> batch = file.stream().map(AggregateInsertTests::order).toList();
		List<InsertResult<PurchaseOrder>> results = orders.insertAll(batch);
		// end::insert-all[]
		assertThat(results).extracting(InsertResult::created).containsExactly(false, false, true, true, true);
		assertThat(results).extracting(result -> result.entity().getId()).containsExactlyElementsOf(file);
		JdbcTemplate jdbc = shop.getBean(JdbcTemplate.class);
		for (String id : file) {
			assertThat(jdbc.queryForObject("select count(*) from purchase_order where id = ?", Integer.class, id)).isOne();
			assertThat(jdbc.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class, id))
				.isEqualTo(2);
			assertThat(jdbc.queryForObject("select count(*) from order_tag where purchase_order = ?", Integer.class, id))
				.isEqualTo(2);
		}
		// the whole file again: every order already existed, with the lines it was stored with
		List<InsertResult<PurchaseOrder>> again = orders.insertAll(file.stream().map(AggregateInsertTests::order).toList());
		assertThat(again).allSatisfy(result -> assertThat(result.alreadyExisted()).isTrue());
		assertThat(again.get(4).entity().getLines()).extracting(OrderLine::getId)
			.containsExactlyElementsOf(results.get(4).entity().getLines().stream().map(OrderLine::getId).toList());
		assertThat(orders.insertAll(List.of())).isEmpty();
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void insertAllWithAConflictInsertsNothingAndNamesEveryConflict(Database database) throws Exception {
		ConfigurableApplicationContext shop = shop(database);
		OrderRepository orders = shop.getBean(OrderRepository.class);
		List<String> stored = orders.insertAll(List.of(order(null), order(null), order(null)))
			.stream()
			.map(result -> result.entity().getId())
			.toList();
		PurchaseOrder changedCity = order(stored.get(0));
		changedCity.setShipTo(new Address("1 Main St", "Paris"));
		PurchaseOrder changedLine = order(stored.get(2));
		changedLine.getLines().get(1).setQuantity(7);
		String fresh = shop.getBean(TimeSortedIds.class).next(PurchaseOrder.class);
		assertThatExceptionOfType(InsertConflictException.class)
			.isThrownBy(() -> orders.insertAll(List.of(order(fresh), changedCity, order(stored.get(1)), changedLine)))
			.withMessage("PurchaseOrder " + stored.get(0) + " already exists with different data: shipTo.city differs")
			.satisfies(conflict -> assertThat(conflict.getSuppressed()).singleElement()
				.isInstanceOfSatisfying(InsertConflictException.class, other -> {
					assertThat(other.getId()).isEqualTo(stored.get(2));
					assertThat(other.getDifferingAttributes()).containsExactly("lines[1].quantity");
				}));
		// all or nothing: the new order of the batch is not stored either
		assertThat(orders.existsById(fresh)).isFalse();
		assertThat(orders.findById(stored.get(0)).orElseThrow().getShipTo().city()).isEqualTo("Lyon");
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void insertAllAnswersASecondOrderWithTheSameIdAsAReplayOfTheFirst(Database database) throws Exception {
		ConfigurableApplicationContext shop = shop(database);
		OrderRepository orders = shop.getBean(OrderRepository.class);
		String id = shop.getBean(TimeSortedIds.class).next(PurchaseOrder.class);
		List<InsertResult<PurchaseOrder>> results = orders.insertAll(List.of(order(id), order(id)));
		assertThat(results).extracting(InsertResult::created).containsExactly(true, false);
		assertThat(shop.getBean(JdbcTemplate.class)
			.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class, id)).isEqualTo(2);
		// the same ID with other data in one call is a conflict, and nothing of the call is stored
		String other = shop.getBean(TimeSortedIds.class).next(PurchaseOrder.class);
		PurchaseOrder changed = order(other);
		changed.getTags().add(new OrderTag("fragile"));
		assertThatExceptionOfType(InsertConflictException.class)
			.isThrownBy(() -> orders.insertAll(List.of(order(other), changed)))
			.withMessage("PurchaseOrder " + other + " is twice in the batch with different data: tags differs")
			.satisfies(conflict -> assertThat(conflict.getDifferingAttributes()).containsExactly("tags"));
		assertThat(orders.existsById(other)).isFalse();
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void twoImportsOfOneFileAtOnceStoreEachOrderOnce(Database database) throws Exception {
		ConfigurableApplicationContext shop = shop(database);
		OrderRepository orders = shop.getBean(OrderRepository.class);
		TimeSortedIds ids = shop.getBean(TimeSortedIds.class);
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try {
			for (int round = 0; round < 5; round++) {
				List<String> file = new ArrayList<>();
				for (int i = 0; i < 50; i++) {
					file.add(ids.next(PurchaseOrder.class));
				}
				// two instances import the same file at the same moment
				List<Future<List<InsertResult<PurchaseOrder>>>> imports = new ArrayList<>();
				for (int instance = 0; instance < 2; instance++) {
					imports.add(pool.submit(() -> orders.insertAll(file.stream().map(AggregateInsertTests::order).toList())));
				}
				int[] created = new int[file.size()];
				for (Future<List<InsertResult<PurchaseOrder>>> results : imports) {
					List<InsertResult<PurchaseOrder>> each = results.get();
					for (int i = 0; i < file.size(); i++) {
						created[i] += each.get(i).created() ? 1 : 0;
					}
				}
				assertThat(created).containsOnly(1);
				JdbcTemplate jdbc = shop.getBean(JdbcTemplate.class);
				String in = String.join(",", Collections.nCopies(file.size(), "?"));
				assertThat(jdbc.queryForObject("select count(*) from order_line where purchase_order in (" + in + ")",
						Integer.class, file.toArray())).isEqualTo(2 * file.size());
			}
		}
		finally {
			pool.shutdown();
		}
	}

}
