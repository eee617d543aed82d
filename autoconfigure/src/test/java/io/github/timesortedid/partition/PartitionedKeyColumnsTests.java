package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.store.Coupon;
import io.github.timesortedid.autoconfigure.fixtures.store.CouponRepository;
import io.github.timesortedid.autoconfigure.fixtures.store.Invoice;
import io.github.timesortedid.autoconfigure.fixtures.store.InvoiceRepository;
import io.github.timesortedid.autoconfigure.fixtures.store.OrderLineKey;
import io.github.timesortedid.autoconfigure.fixtures.store.OrderLineRepository;
import io.github.timesortedid.autoconfigure.fixtures.store.Payment;
import io.github.timesortedid.autoconfigure.fixtures.store.PaymentRepository;
import io.github.timesortedid.autoconfigure.fixtures.store.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.store.PurchaseOrderRepository;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.schema.ColumnInspector;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Every column that holds or references the key of a partitioned entity has the key's type and
 * collation, whatever shape holds it (an element collection, a join table, an {@code @IdClass} of
 * an {@code @Id @ManyToOne}, a {@code @MapsId} key, a plain foreign key) and whatever the
 * database's default collation: on a PostgreSQL database whose default is ICU's {@code en-US} and
 * a MariaDB database whose default is {@code latin1_swedish_ci}, with base62 IDs, whose bodies mix
 * cases. Where each row lands is read from the database ({@code tableoid}, {@code PARTITION (p)}):
 * the dependents' rows in their order's month, also after they waited in the default partition.
 */
class PartitionedKeyColumnsTests {

	private static final Instant DECEMBER = Instant.parse("2026-12-15T10:00:00Z");

	/** Each column that holds the orders' key, by table. */
	private static final Map<String, String> KEY_COLUMNS = keyColumns();

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "POSTGRESQL, text", "POSTGRESQL, binary", "MARIADB, text" })
	void everyColumnOfTheKeyIsShapedLikeItAndItsRowsLandInTheirOrdersMonth(Database database, String storage)
			throws Exception {
		try (PartitionsContext store = PartitionsContext.store(database, database.newDatabaseWithLocaleCollation(), DECEMBER,
				Map.of("time-sorted-id.storage", storage))) {
			Map<String, String> shapes = new LinkedHashMap<>();
			KEY_COLUMNS.forEach((table, column) -> shapes.put(table + "." + column,
					ColumnInspector.describe(database, store.jdbc, table, column)));
			String key = shapes.get("purchase_order.id");
			assertThat(key).isEqualTo(switch (database) {
				case POSTGRESQL -> storage.equals("binary") ? "uuid" : "text collate C";
				default -> "varchar(26) ascii ascii_bin";
			});
			Map<String, String> expected = new LinkedHashMap<>();
			shapes.keySet().forEach(column -> expected.put(column, key));
			assertThat(shapes).isEqualTo(expected);

			Coupon coupon = store.bean(CouponRepository.class).save(new Coupon("WINTER"));
			List<PurchaseOrder> orders = new ArrayList<>();
			for (String month : List.of("2026-12-20", "2027-01-10", "2027-02-03")) {
				// February has no partition yet (one month is made ahead): its rows wait in the default one
				store.clock.set(Instant.parse(month + "T12:00:00Z"));
				PurchaseOrder order = new PurchaseOrder("ada", "gift", "express").line("book", 1).line("Book", 2);
				order.getCoupons().add(coupon);
				order = store.bean(PurchaseOrderRepository.class).save(order);
				store.bean(InvoiceRepository.class).save(new Invoice(order, "INV-" + month));
				store.bean(PaymentRepository.class).save(new Payment(order, 4200));
				orders.add(order);
			}
			assertThat(placement(store, "purchase_order", "id").values()).containsExactlyInAnyOrder("p202612", "p202701",
					"default");

			PartitionMaintenance.Run run = store.maintainer().maintain();
			assertThat(run.failures()).isEmpty();
			Map<Object, String> months = placement(store, "purchase_order", "id");
			assertThat(months.values()).containsExactlyInAnyOrder("p202612", "p202701", "p202702");
			for (Map.Entry<String, String> column : KEY_COLUMNS.entrySet()) {
				if (column.getKey().equals("purchase_order") || column.getKey().equals("payment")) {
					continue;
				}
				Map<Object, String> rows = placement(store, column.getKey(), column.getValue());
				assertThat(rows).as(column.getKey() + " by " + column.getValue()).hasSize(3);
				rows.forEach((order, month) -> assertThat(month).as(column.getKey() + " of " + order)
					.isEqualTo(months.get(order)));
			}
			assertThat(placement(store, "payment", "id").values()).as("payments by their own IDs")
				.containsExactlyInAnyOrder("p202612", "p202701", "p202702");
			PurchaseOrder january = orders.get(1);
			assertThat(store.bean(OrderLineRepository.class).findById(new OrderLineKey(january.getId(), 2)))
				.get().extracting(line -> line.getSku()).isEqualTo("Book");
			assertThat(store.bean(InvoiceRepository.class).findById(january.getId())).get()
				.extracting(Invoice::getNumber).isEqualTo("INV-2027-01-10");
		}
	}

	/**
	 * The schema check reads the collation a column really has: on an ICU database a text key
	 * column without a collation of its own sorts as {@code en-US} does, not by bytes, although
	 * {@code pg_database.datcollate} still says {@code C.UTF-8}; base62 bodies, whose case matters,
	 * need bytes.
	 */
	@Test
	void theSchemaCheckSeesTheIcuDefaultOfAColumnWithoutACollation() {
		DataSource dataSource = Database.POSTGRESQL.newDatabaseWithLocaleCollation();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE post (id varchar(31) COLLATE \"C\" NOT NULL PRIMARY KEY, title varchar(255))");
		jdbc.execute("CREATE TABLE comment (id varchar(30) NOT NULL PRIMARY KEY, post_id varchar(31) COLLATE \"C\", "
				+ "text varchar(255))");
		Throwable failure = catchThrowable(() -> new PartitionsContext(Database.POSTGRESQL, dataSource, DECEMBER,
				Map.of("spring.jpa.hibernate.ddl-auto", "none", "time-sorted-id.partitions.Post.interval", "",
						"time-sorted-id.uuidv7.encoding", "base62")));
		assertThat(FailureAnalyses.of(failure).getDescription()).startsWith("Table 'comment', column 'id' (Comment.id) has "
				+ "the collation 'en-US' (the database's default)");
	}

	private static Map<String, String> keyColumns() {
		Map<String, String> columns = new LinkedHashMap<>();
		columns.put("purchase_order", "id");
		columns.put("order_tag", "purchase_order_id");           // an element collection
		columns.put("order_coupon", "purchase_order_id");        // a join table the order owns
		columns.put("order_line", "order_id");                   // an @IdClass of an @Id @ManyToOne
		columns.put("invoice", "order_id");                      // a @MapsId key
		columns.put("payment", "order_id");                      // a plain foreign key
		return columns;
	}

	/**
	 * Where the database keeps the rows of a table: each value of a column, with the month of the
	 * partition that holds it ({@code p202612}), or {@code default} for PostgreSQL's default
	 * partition and MariaDB's {@code pmax}.
	 */
	static Map<Object, String> placement(PartitionsContext store, String table, String column) throws Exception {
		Map<Object, String> placement = new LinkedHashMap<>();
		if (store.database == Database.POSTGRESQL) {
			store.jdbc.query("SELECT DISTINCT " + column + ", tableoid::regclass::text FROM " + table, row -> {
				String partition = row.getString(2);
				placement.put(row.getObject(1), partition.substring(partition.lastIndexOf('_') + 1));
			});
			return placement;
		}
		for (String partition : store.jdbc.queryForList("SELECT partition_name FROM information_schema.partitions "
				+ "WHERE table_schema = DATABASE() AND table_name = ?", String.class, table)) {
			for (Object value : store.jdbc.queryForList("SELECT DISTINCT " + column + " FROM " + table + " PARTITION ("
					+ partition + ")", Object.class)) {
				placement.put(value, partition.equals("pmax") ? "default" : partition);
			}
		}
		return placement;
	}

}
