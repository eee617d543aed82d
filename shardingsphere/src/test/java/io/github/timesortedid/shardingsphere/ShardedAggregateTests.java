package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import javax.sql.DataSource;

import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.shardingsphere.shop.Customer;
import io.github.timesortedid.shardingsphere.shop.CustomerRepository;
import io.github.timesortedid.shardingsphere.shop.Purchase;
import io.github.timesortedid.shardingsphere.shop.PurchaseLine;
import io.github.timesortedid.shardingsphere.shop.PurchaseRepository;
import io.github.timesortedid.shardingsphere.shop.ShopApplication;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.shardingsphere.testsupport.ShardCounters;
import io.github.timesortedid.testsupport.SettableClock;
import org.apache.shardingsphere.infra.datanode.DataNodeInfo;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.dialect.JdbcPostgresDialect;
import org.springframework.data.jdbc.core.mapping.AggregateReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A Spring Data JDBC application over three PostgreSQL servers through ShardingSphere-JDBC: the
 * shop's purchases sharded by their IDs with {@code TIME_SORTED_ID_MOD}, each purchase's lines bound
 * to its shard by their back reference. Each aggregate and its lines are found, with plain JDBC on
 * each server, on the shard the module's algorithm names for the purchase's ID, and nowhere else;
 * reads, updates, deletes, retry-safe inserts, time ranges and keyset pages go through the sharded
 * data source. One application for the class; each case makes purchases of its own.
 */
class ShardedAggregateTests {

	private static final Instant START = Instant.parse("2026-03-01T00:00:00Z");

	private static final SettableClock clock = new SettableClock(START);

	private static Map<String, DataSource> shards;

	private static ShardCounters counters;

	private static ConfigurableApplicationContext shop;

	private static PurchaseRepository purchases;

	private static CustomerRepository customers;

	@BeforeAll
	static void start() {
		shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/shop-schema-postgresql.sql");
		counters = new ShardCounters(shards);
		shop = ShopApplication.start(PostgresShards.sharded(counters.dataSources(), "sharding/shop-mod.yaml"),
				Map.of("clock", clock));
		purchases = shop.getBean(PurchaseRepository.class);
		customers = shop.getBean(CustomerRepository.class);
	}

	@Test
	void springDataJdbcPicksPostgreSqlsDialectThroughShardingSphere() {
		// Spring Data JDBC reads the product name of the connection's metadata, which ShardingSphere
		// answers with its shards' database
		assertThat(shop.getBean(JdbcDialect.class)).isInstanceOf(JdbcPostgresDialect.class);
	}

	@AfterAll
	static void stop() {
		shop.close();
		counters.close();
	}

	@Test
	void eachAggregateAndItsLinesLandOnTheShardTheAlgorithmNames() throws Exception {
		Customer ada = customers.save(new Customer("Ada"));
		List<Purchase> saved = new ArrayList<>();
		for (int i = 0; i < 30; i++) {
			clock.advance(Duration.ofMillis(1));
			Purchase purchase = new Purchase(ada, "PLACED");
			for (int line = 0; line <= i % 3; line++) {
				purchase.line("product " + i + "." + line, line + 1);
			}
			saved.add(purchases.save(purchase));
		}
		Map<String, List<String>> purchaseShards = rows("SELECT id FROM purchase");
		Map<String, List<String>> lineShards = rows("SELECT purchase_id || ' ' || id FROM purchase_line");
		Map<String, Integer> perShard = new LinkedHashMap<>();
		for (Purchase purchase : saved) {
			assertThat(purchase.getId()).startsWith("pur_");
			String shard = shardOf(purchase.getId());
			perShard.merge(shard, 1, Integer::sum);
			assertThat(purchaseShards.get(purchase.getId())).as(purchase.getId()).containsExactly(shard);
			assertThat(purchase.getLines()).hasSize(saved.indexOf(purchase) % 3 + 1);
			for (PurchaseLine line : purchase.getLines()) {
				assertThat(line.getId()).startsWith("pline_");
				assertThat(lineShards.get(purchase.getId() + " " + line.getId())).as(line.getId()).containsExactly(shard);
			}
		}
		assertThat(perShard).as("every shard holds some of 30 purchases").hasSize(3);
		assertThat(rows("SELECT id FROM customer").get(ada.getId())).containsExactly(shardOf("cust", ada.getId()));
	}

	@Test
	void findByIdReachesOneShardAndDerivedQueriesAndReferencesReachEvery() {
		Customer grace = customers.save(new Customer("Grace"));
		Customer alan = customers.save(new Customer("Alan"));
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			clock.advance(Duration.ofMillis(1));
			ids.add(purchases.save(new Purchase(grace, "PLACED").line("book " + i, 1).line("pen " + i, 2)).getId());
		}
		purchases.save(new Purchase(alan, "PLACED").line("lamp", 1));
		for (String id : ids) {
			counters.reset();
			Purchase found = purchases.findById(id).orElseThrow();
			assertThat(counters.shardsReading("\"purchase\"")).as("shards read for " + id).isEqualTo(1);
			assertThat(counters.shardsReading("\"purchase_line\"")).as("shards read for the lines of " + id).isEqualTo(1);
			assertThat(found.getLines()).extracting(PurchaseLine::getProduct)
				.containsExactly("book " + ids.indexOf(id), "pen " + ids.indexOf(id));
			// the reference leads to the customer, on the shard of the customer's own ID
			assertThat(customers.findById(found.getCustomer().getId()).orElseThrow().getName()).isEqualTo("Grace");
		}
		List<Purchase> graces = purchases.findByCustomerOrderById(AggregateReference.to(grace.getId()));
		assertThat(graces).extracting(Purchase::getId).containsExactlyElementsOf(ids);
		assertThat(graces).allSatisfy(purchase -> assertThat(purchase.getLines()).hasSize(2));
	}

	@Test
	void updateAndDeleteStayOnTheAggregatesShard() throws Exception {
		Customer ada = customers.save(new Customer("Ada"));
		Purchase purchase = purchases.save(new Purchase(ada, "PLACED").line("book", 1).line("pen", 2).line("ink", 3));
		String shard = shardOf(purchase.getId());
		purchase.setStatus("PAID");
		purchase.getLines().remove(1);
		purchase.getLines().get(0).setQuantity(5);
		purchase.line("paper", 4);
		purchases.save(purchase);

		Purchase updated = purchases.findById(purchase.getId()).orElseThrow();
		assertThat(updated.getStatus()).isEqualTo("PAID");
		assertThat(updated.getLines()).extracting(PurchaseLine::getProduct, PurchaseLine::getQuantity)
			.containsExactly(tuple("book", 5), tuple("ink", 3),
					tuple("paper", 4));
		Map<String, List<String>> lines = rows("SELECT purchase_id || ' ' || product FROM purchase_line");
		assertThat(lines.get(purchase.getId() + " paper")).containsExactly(shard);
		assertThat(lines.get(purchase.getId() + " pen")).as("the removed line, on no shard").isNull();
		assertThat(lines.keySet().stream().filter(key -> key.startsWith(purchase.getId() + " "))).hasSize(3);

		purchases.deleteById(purchase.getId());
		assertThat(purchases.findById(purchase.getId())).isEmpty();
		assertThat(rows("SELECT id FROM purchase")).doesNotContainKey(purchase.getId());
		assertThat(rows("SELECT purchase_id FROM purchase_line")).doesNotContainKey(purchase.getId());
	}

	@Test
	void aReplayAlreadyExistsAndAChangedReplayIsAConflictNamingTheProperty() throws Exception {
		Customer ada = customers.save(new Customer("Ada"));
		InsertResult<Purchase> created = purchases.insert(new Purchase(ada, "PLACED").line("book", 1).line("pen", 2));
		String id = created.entity().getId();
		Purchase replay = new Purchase(ada, "PLACED").line("book", 1).line("pen", 2);
		replay.setId(id);
		InsertResult<Purchase> replayed = purchases.insert(replay);
		assertThat(created.created()).isTrue();
		assertThat(replayed.alreadyExisted()).isTrue();
		assertThat(replayed.entity().getLines()).extracting(PurchaseLine::getId)
			.containsExactlyElementsOf(created.entity().getLines().stream().map(PurchaseLine::getId).toList());

		Purchase changed = new Purchase(ada, "PLACED").line("book", 1).line("pen", 7);
		changed.setId(id);
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> purchases.insert(changed))
			.satisfies(conflict -> assertThat(conflict.getDifferingAttributes()).containsExactly("lines[1].quantity"))
			.withMessageStartingWith("Purchase " + id + " already exists with different data: lines[1].quantity");
		String shard = shardOf(id);
		assertThat(rows("SELECT id FROM purchase").get(id)).containsExactly(shard);
		assertThat(rows("SELECT purchase_id FROM purchase_line").get(id)).containsExactly(shard, shard);
	}

	@Test
	void insertAllLandsEachAggregateOnItsShardAndAnswersAReplayFromEvery() throws Exception {
		Customer ada = customers.save(new Customer("Ada"));
		List<Purchase> batch = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			clock.advance(Duration.ofMillis(1));
			batch.add(new Purchase(ada, "PLACED").line("book " + i, 1).line("pen " + i, 2));
		}
		List<InsertResult<Purchase>> created = purchases.insertAll(batch);
		assertThat(created).allSatisfy(result -> assertThat(result.created()).isTrue());
		List<String> ids = created.stream().map(result -> result.entity().getId()).toList();
		Map<String, List<String>> purchaseShards = rows("SELECT id FROM purchase");
		Map<String, List<String>> lineShards = rows("SELECT purchase_id FROM purchase_line");
		assertThat(ids.stream().map(ShardedAggregateTests::shardOf).distinct()).as("the batch spans every shard").hasSize(3);
		for (String id : ids) {
			assertThat(purchaseShards.get(id)).as(id).containsExactly(shardOf(id));
			assertThat(lineShards.get(id)).as("the lines of " + id).containsExactly(shardOf(id), shardOf(id));
		}
		// the same batch again, with one new purchase: the look-up reaches the shards of the stored ones
		List<Purchase> again = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			Purchase replay = new Purchase(ada, "PLACED").line("book " + i, 1).line("pen " + i, 2);
			replay.setId(ids.get(i));
			again.add(replay);
		}
		again.add(new Purchase(ada, "PLACED").line("lamp", 1));
		List<InsertResult<Purchase>> replayed = purchases.insertAll(again);
		assertThat(replayed.subList(0, 12)).allSatisfy(result -> assertThat(result.alreadyExisted()).isTrue());
		assertThat(replayed.get(12).created()).isTrue();
		// a changed one on any shard is a conflict, and nothing of the call is stored on any shard
		Purchase changed = new Purchase(ada, "PLACED").line("book 5", 1).line("pen 5", 7);
		changed.setId(ids.get(5));
		Purchase fresh = new Purchase(ada, "PLACED").line("ink", 1);
		assertThatExceptionOfType(InsertConflictException.class)
			.isThrownBy(() -> purchases.insertAll(List.of(fresh, changed)))
			.satisfies(conflict -> assertThat(conflict.getDifferingAttributes()).containsExactly("lines[1].quantity"));
		assertThat(rows("SELECT product FROM purchase_line")).doesNotContainKey("ink");
	}

	@Test
	void timeRangesAndKeysetPagesAcrossTheShardsFollowTheMintingOrder() {
		Customer ada = customers.save(new Customer("Ada"));
		// days of their own, after every other case's purchases; before and after them a purchase as a cursor
		clock.advance(Duration.ofDays(30));
		Instant day = clock.instant().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));
		clock.set(day.minusSeconds(1));
		String first = purchases.save(new Purchase(ada, "PLACED")).getId();
		List<List<String>> minted = new ArrayList<>();
		for (int d = 0; d < 3; d++) {
			clock.set(day.plus(Duration.ofDays(d)));
			List<String> ofDay = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				clock.advance(Duration.ofMinutes(7));
				ofDay.add(purchases.save(new Purchase(ada, "PLACED").line("item", i + 1)).getId());
			}
			minted.add(ofDay);
		}
		clock.set(day.plus(Duration.ofDays(3)));
		String last = purchases.save(new Purchase(ada, "PLACED")).getId();
		List<String> all = minted.stream().flatMap(List::stream).toList();

		assertThat(purchases.findCreatedBetween(day.plus(Duration.ofDays(1)), day.plus(Duration.ofDays(2))))
			.extracting(Purchase::getId)
			.containsExactlyElementsOf(minted.get(1));
		assertThat(purchases.findCreatedBetween(day, day.plus(Duration.ofDays(3)))).extracting(Purchase::getId)
			.containsExactlyElementsOf(all);

		List<String> forward = new ArrayList<>();
		String after = first;
		while (true) {
			List<Purchase> page = purchases.findPageAfter(after, 7);
			List<String> pageIds = page.stream().map(Purchase::getId).toList();
			assertThat(page).allSatisfy(purchase -> assertThat(purchase.getLines()).hasSizeLessThanOrEqualTo(10));
			int end = pageIds.indexOf(last);
			forward.addAll((end >= 0) ? pageIds.subList(0, end) : pageIds);
			if (end >= 0 || page.isEmpty()) {
				break;
			}
			after = pageIds.get(pageIds.size() - 1);
		}
		assertThat(forward).as("pages after the first cursor").containsExactlyElementsOf(all);

		List<String> newestFirst = new ArrayList<>(all);
		Collections.reverse(newestFirst);
		List<String> backward = new ArrayList<>();
		String before = last;
		while (true) {
			List<String> pageIds = purchases.findPageBefore(before, 7).stream().map(Purchase::getId).toList();
			int end = pageIds.indexOf(first);
			backward.addAll((end >= 0) ? pageIds.subList(0, end) : pageIds);
			if (end >= 0 || pageIds.isEmpty()) {
				break;
			}
			before = pageIds.get(pageIds.size() - 1);
		}
		assertThat(backward).as("pages before the last cursor, newest first")
			.containsExactlyElementsOf(newestFirst);
	}

	@Test
	void offsetPagesAcrossTheShardsEqualThePagesOfEveryShardsRowsInOrder() throws Exception {
		Customer ada = customers.save(new Customer("Ada"));
		for (int i = 0; i < 20; i++) {
			clock.advance(Duration.ofMillis(1));
			purchases.save(new Purchase(ada, "PLACED").line("item", 1));
		}
		// the oracle: every shard's purchases read with plain JDBC, in ID order
		List<String> all = rows("SELECT id FROM purchase").keySet().stream().sorted().toList();
		Page<Purchase> page = purchases.findAll(PageRequest.of(0, 7, Sort.by("id")));
		List<String> paged = new ArrayList<>();
		while (true) {
			int number = page.getNumber();
			List<String> ids = page.getContent().stream().map(Purchase::getId).toList();
			assertThat(ids).as("page " + number).containsExactlyElementsOf(
					all.subList(Math.min(all.size(), number * 7), Math.min(all.size(), number * 7 + 7)));
			paged.addAll(ids);
			if (!page.hasNext()) {
				break;
			}
			page = purchases.findAll(page.nextPageable());
		}
		assertThat(page.getTotalElements()).isEqualTo(all.size());
		assertThat(paged).isEqualTo(all);
	}

	/** The shard the module's {@code TIME_SORTED_ID_MOD} names for a purchase's ID, as the shop's rules set it up. */
	private static String shardOf(String id) {
		return shardOf("pur", id);
	}

	private static String shardOf(String prefix, String id) {
		TimeSortedIdModShardingAlgorithm algorithm = new TimeSortedIdModShardingAlgorithm();
		Properties props = new Properties();
		props.setProperty("sharding-count", "3");
		props.setProperty("prefix", prefix);
		algorithm.init(props);
		return algorithm.doSharding(List.of("ds_0", "ds_1", "ds_2"),
				new PreciseShardingValue<>("purchase", "id", new DataNodeInfo("ds_", 1, '0'), id));
	}

	/** The first column of a query's rows, read on each shard with plain JDBC: the shards holding each value. */
	private static Map<String, List<String>> rows(String sql) throws SQLException {
		Map<String, List<String>> shardsByValue = new HashMap<>();
		for (Map.Entry<String, DataSource> shard : shards.entrySet()) {
			try (Connection connection = shard.getValue().getConnection(); Statement statement = connection.createStatement();
					ResultSet result = statement.executeQuery(sql)) {
				while (result.next()) {
					shardsByValue.computeIfAbsent(result.getString(1), value -> new ArrayList<>()).add(shard.getKey());
				}
			}
		}
		return shardsByValue;
	}

}
