package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.autoconfigure.fixtures.shop.Invoice;
import io.github.timesortedid.autoconfigure.fixtures.shop.InvoiceRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.OrderLine;
import io.github.timesortedid.autoconfigure.fixtures.shop.Payment;
import io.github.timesortedid.autoconfigure.fixtures.shop.PaymentRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrderRepository;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Retention of a partitioned table whose rows another partitioned table references, each with a
 * retention of its own, on PostgreSQL: the shop's payments reference its orders. Whether the
 * payments' months leave before the orders' or in the same run, detached or dropped, every month
 * leaves when its retention says, and a detached partition holds no order hostage. A table of one
 * piece that references old orders (invoices) still keeps them, and the run says why.
 */
class PartitionRetentionTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	/** Both March partitions are past a retention of 60 days here (April 1 + 60 days = May 31). */
	private static final Instant JUNE = Instant.parse("2026-06-15T00:00:00Z");

	@ParameterizedTest(name = "orders {0} {1}, payments {2} {3}")
	@CsvSource({ "60d, detach, 31d, detach", "60d, drop, 31d, drop", "60d, detach, 60d, detach", "60d, drop, 60d, drop",
			"60d, drop, 60d, detach" })
	void everyMonthLeavesWhenItsRetentionSaysWhateverTheOtherTablesRetention(String ordersRetention, String ordersAction,
			String paymentsRetention, String paymentsAction) throws Exception {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("time-sorted-id.partitions.PurchaseOrder.retention", ordersRetention);
		properties.put("time-sorted-id.partitions.PurchaseOrder.retention-action", ordersAction);
		properties.put("time-sorted-id.partitions.Payment.retention", paymentsRetention);
		properties.put("time-sorted-id.partitions.Payment.retention-action", paymentsAction);
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH, properties)) {
			PurchaseOrder march = shop.bean(PurchaseOrderRepository.class)
				.insert(new PurchaseOrder("ada", new OrderLine("tea", 2, 450)))
				.entity();
			Payment paid = shop.bean(PaymentRepository.class).insert(new Payment(march, 900)).entity();
			// a run in between, when the shorter retention is due and the longer one is not
			shop.clock.set(Instant.parse("2026-05-15T00:00:00Z"));
			PartitionMaintenance.Run between = shop.maintainer().maintain();
			assertThat(between.failures()).as("the run of May 15").isEmpty();

			shop.clock.set(JUNE);
			PartitionMaintenance.Run run = shop.maintainer().maintain();
			assertThat(run.failures()).as("the run of June 15").isEmpty();
			for (String table : List.of("purchase_order", "order_line", "payment")) {
				assertThat(shop.partitionNames(table)).as(table).doesNotContain(table + "_p202603");
			}
			assertThat(shop.maintainer().maintain().failures()).as("a later run").isEmpty();
			assertKept(shop, "purchase_order_p202603", "id", march.getId(), ordersAction);
			assertKept(shop, "order_line_p202603", "purchase_order_id", march.getId(), ordersAction);
			assertKept(shop, "payment_p202603", "id", paid.getId(), paymentsAction);
			assertThat(foreignKeysToPartitionedTables(shop)).as("the foreign keys of detached tables").isEmpty();
		}
	}

	/**
	 * A database an earlier version left behind: the payments' March partition was detached with
	 * its foreign key to the orders, so the orders' March partition could never leave.
	 */
	@Test
	void aDetachedPartitionThatStillReferencesTheOrdersNoLongerKeepsThem() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH,
				Map.of("time-sorted-id.partitions.PurchaseOrder.retention", "60d"))) {
			paidOrder(shop);
			shop.jdbc.execute("ALTER TABLE payment DETACH PARTITION payment_p202603");
			assertThat(foreignKeysToPartitionedTables(shop)).as("as PostgreSQL leaves a detached partition")
				.singleElement()
				.asString()
				.startsWith("payment_p202603 ");
			shop.clock.set(JUNE);
			PartitionMaintenance.Run run = shop.maintainer().maintain();
			assertThat(run.failures()).isEmpty();
			assertThat(shop.partitionNames("purchase_order")).doesNotContain("purchase_order_p202603");
			assertThat(foreignKeysToPartitionedTables(shop)).isEmpty();
			assertThat(shop.jdbc.queryForObject("SELECT count(*) FROM payment_p202603", Long.class)).isOne();
		}
	}

	/**
	 * An invoice is a row of a table of one piece, which references its order for as long as it
	 * exists: the order's month stays, and the run says which table holds it and what to do.
	 */
	@Test
	void aTableOfOnePieceThatReferencesOldOrdersKeepsThemAndTheRunSaysWhy() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH, retentions("60d", "60d"))) {
			PurchaseOrder march = paidOrder(shop);
			Invoice invoice = shop.bean(InvoiceRepository.class).save(new Invoice(march, "2026-0001"));
			shop.clock.set(JUNE);
			PartitionMaintenance.Run run = shop.maintainer().maintain();
			assertThat(run.failures()).singleElement().satisfies(failure -> {
				assertThat(failure.table()).isEqualTo("purchase_order");
				assertThat(failure.cause().getMessage()).startsWith("The partition purchase_order_p202603 of PurchaseOrder "
						+ "stays: rows of invoice reference its rows (foreign key fk")
					.contains("delete them, or give their entity a retention");
			});
			assertThat(shop.partitionNames("purchase_order")).contains("purchase_order_p202603");
			assertThat(shop.partitionNames("payment")).as("the payments' month left all the same")
				.doesNotContain("payment_p202603");

			shop.bean(InvoiceRepository.class).deleteById(invoice.getId());
			assertThat(shop.maintainer().maintain().failures()).isEmpty();
			assertThat(shop.partitionNames("purchase_order")).doesNotContain("purchase_order_p202603");
		}
	}

	/**
	 * Orders kept for a shorter time than their payments: the orders' month waits for the payments'
	 * month, and each run meanwhile says so; then it leaves.
	 */
	@Test
	void ordersKeptForAShorterTimeThanTheirPaymentsWaitForThem() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH, retentions("31d", "60d"))) {
			paidOrder(shop);
			shop.clock.set(Instant.parse("2026-05-15T00:00:00Z"));
			assertThat(shop.maintainer().maintain().failures()).singleElement()
				.satisfies(failure -> assertThat(failure.cause().getMessage())
					.startsWith("The partition purchase_order_p202603 of PurchaseOrder stays: rows of payment reference its rows"));
			shop.clock.set(JUNE);
			assertThat(shop.maintainer().maintain().failures()).isEmpty();
			assertThat(shop.partitionNames("purchase_order")).doesNotContain("purchase_order_p202603");
			assertThat(shop.partitionNames("payment")).doesNotContain("payment_p202603");
		}
	}

	private static Map<String, Object> retentions(String orders, String payments) {
		return Map.of("time-sorted-id.partitions.PurchaseOrder.retention", orders,
				"time-sorted-id.partitions.Payment.retention", payments);
	}

	/** An order of the clock's month, with its payment. */
	private static PurchaseOrder paidOrder(PartitionsContext shop) {
		PurchaseOrder order = shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("ada")).entity();
		shop.bean(PaymentRepository.class).insert(new Payment(order, 900));
		return order;
	}

	private static void assertKept(PartitionsContext shop, String table, String column, String id, String action) {
		long tables = shop.jdbc.queryForObject("SELECT count(*) FROM pg_class WHERE relname = ?", Long.class, table);
		if (action.equals("drop")) {
			assertThat(tables).as(table + " dropped").isZero();
		}
		else {
			assertThat(shop.jdbc.queryForObject("SELECT count(*) FROM " + table + " WHERE " + column + " = ?", Long.class,
					id)).as("the rows of " + table).isOne();
		}
	}

	/**
	 * The foreign keys that tables which are not partitions keep to partitioned tables or their
	 * partitions, as {@code table constraint}, besides those of the application's own tables.
	 */
	static List<String> foreignKeysToPartitionedTables(PartitionsContext shop) {
		return shop.jdbc.queryForList("SELECT c.conrelid::regclass || ' ' || c.conname FROM pg_constraint c "
				+ "JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid WHERE c.contype = 'f' "
				+ "AND c.conparentid = 0 AND NOT t.relispartition AND t.relkind = 'r' "
				+ "AND (r.relkind = 'p' OR r.relispartition) AND t.relname NOT IN ('invoice') ORDER BY 1", String.class);
	}

}
