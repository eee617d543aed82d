package io.github.timesortedid.partition;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.timesortedid.autoconfigure.fixtures.shop.Invoice;
import io.github.timesortedid.autoconfigure.fixtures.shop.InvoiceRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.OrderLine;
import io.github.timesortedid.autoconfigure.fixtures.shop.Payment;
import io.github.timesortedid.autoconfigure.fixtures.shop.PaymentRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrderRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.ShopApplication;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionMove;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rows that landed in a default partition move into the partition made for them in proportion to
 * what they are, on PostgreSQL: no foreign key is touched when nothing references the moving rows,
 * only those whose rows do are dropped and made again (added {@code NOT VALID}, then validated,
 * where PostgreSQL allows it), and no move keeps inserts waiting longer than the lock timeout: one
 * that would is rolled back, its rows staying where queries find them, until a run with a longer
 * lock timeout moves them deliberately. The shop's September has no partition here: the clock
 * moved on from March, beyond the months made ahead.
 */
class PartitionMoveTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	private static final Instant SEPTEMBER = Instant.parse("2026-09-02T08:00:00Z");

	/** Payments and invoices reference orders of March alone, and have an index on their foreign key. */
	@Test
	void aMoveOfRowsThatNothingReferencesTouchesNoForeignKey() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH, Map.of())) {
			PurchaseOrder march = shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("ada")).entity();
			shop.bean(PaymentRepository.class).insert(new Payment(march, 100));
			shop.bean(InvoiceRepository.class).save(new Invoice(march, "2026-0001"));
			shop.clock.set(SEPTEMBER);
			PurchaseOrder september = shop.bean(PurchaseOrderRepository.class)
				.insert(new PurchaseOrder("bob", new OrderLine("tea", 1, 450)))
				.entity();
			assertThat(shop.partitionOf("purchase_order", "id", september.getId())).isEqualTo("purchase_order_default");

			PartitionMaintenance.Run run = shop.maintainer().maintain();
			assertThat(run.failures()).isEmpty();
			assertThat(run.statements()).noneMatch(sql -> sql.contains(" constraint "));
			assertThat(shop.partitionOf("purchase_order", "id", september.getId())).isEqualTo("purchase_order_p202609");
			assertThat(shop.partitionOf("order_line", "purchase_order_id", september.getId())).isEqualTo("order_line_p202609");
			assertThat(shop.bean(PurchaseOrderRepository.class).findById(september.getId()).orElseThrow().getLines())
				.containsExactly(new OrderLine("tea", 1, 450));
		}
	}

	/**
	 * The foreign key of invoices, which reference the moving order, and that of refunds, which has
	 * no index (PostgreSQL would scan the refunds once per moving order), are dropped and made again
	 * {@code NOT VALID}, then validated; that of payments, indexed and referencing no moving order,
	 * stays as it is.
	 */
	@Test
	void onlyTheForeignKeysWhoseRowsReferenceTheMovingRowsAreMadeAgainAndValidatedAfterTheMove() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH, Map.of())) {
			PurchaseOrder march = shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("ada")).entity();
			shop.bean(PaymentRepository.class).insert(new Payment(march, 100));
			shop.clock.set(SEPTEMBER);
			PurchaseOrder september = shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("bob")).entity();
			shop.bean(InvoiceRepository.class).save(new Invoice(september, "2026-0002"));
			// a table of the application's own, whose foreign key has no index
			shop.jdbc.execute("CREATE TABLE refund (id text PRIMARY KEY, order_id text COLLATE \"C\" "
					+ "CONSTRAINT refund_order_fk REFERENCES purchase_order)");
			shop.jdbc.update("INSERT INTO refund VALUES ('r1', ?)", march.getId());
			String invoiceForeignKey = shop.jdbc.queryForObject("SELECT conname FROM pg_constraint WHERE contype = 'f' "
					+ "AND conparentid = 0 AND conrelid = 'invoice'::regclass", String.class);

			PartitionMaintenance.Run run = shop.maintainer().maintain();
			assertThat(run.failures()).isEmpty();
			assertThat(run.statements()).filteredOn(sql -> sql.contains(" constraint "))
				.containsExactly("alter table invoice drop constraint " + invoiceForeignKey,
						"alter table refund drop constraint refund_order_fk",
						"alter table invoice add constraint " + invoiceForeignKey
								+ " FOREIGN KEY (order_id) REFERENCES purchase_order(id) not valid",
						"alter table refund add constraint refund_order_fk FOREIGN KEY (order_id) "
								+ "REFERENCES purchase_order(id) not valid",
						"alter table invoice validate constraint " + invoiceForeignKey,
						"alter table refund validate constraint refund_order_fk");
			assertThat(run.moves()).singleElement().satisfies(move -> {
				assertThat(move.partition()).isEqualTo("purchase_order_p202609");
				assertThat(move.rows()).isOne();
				assertThat(move.foreignKeys()).containsExactly("invoice." + invoiceForeignKey, "refund.refund_order_fk");
			});
			assertThat(shop.partitionOf("purchase_order", "id", september.getId())).isEqualTo("purchase_order_p202609");
			assertThat(shop.jdbc.queryForList("SELECT conname FROM pg_constraint WHERE contype = 'f' AND NOT convalidated",
					String.class)).as("foreign keys left unvalidated").isEmpty();
		}
	}

	/**
	 * Thousands of September orders with their lines, some paid, wait in the default partitions while
	 * two threads go on inserting orders and payments of September; the move that a run makes keeps
	 * no insert waiting longer than the lock timeout.
	 */
	@Test
	void aMoveKeepsNoInsertWaitingLongerThanTheLockTimeout() throws Exception {
		Duration lockTimeout = Duration.ofSeconds(5);   // the default
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH, Map.of())) {
			shop.clock.set(SEPTEMBER);
			List<String> orders = insertOrders(shop, 5_000);
			int paid = 0;
			for (int i = 0; i < orders.size(); i += 10) {
				shop.jdbc.update("INSERT INTO payment (id, order_id, cents) VALUES (?, ?, 900)", newId(shop, Payment.class),
						orders.get(i));
				paid++;
			}
			long rows = rowsInDefaults(shop);
			Stalls stalls = whileInserting(shop, orders);
			report(rows, 2, paid, stalls, lockTimeout);
			assertThat(stalls.run().failures()).isEmpty();
			assertThat(rowsInDefaults(shop)).as("rows left in the default partitions").isZero();
			assertThat(stalls.longest()).isLessThanOrEqualTo(bound(lockTimeout));
		}
	}

	/**
	 * A move that would keep inserts waiting longer than the lock timeout is rolled back and reported;
	 * its rows stay in the default partition, where queries find them, and a run with a longer lock
	 * timeout moves them.
	 */
	@Test
	void aMoveThatWouldTakeLongerThanTheLockTimeoutIsRolledBackAndItsRowsStayWhereQueriesFindThem() throws Exception {
		Duration lockTimeout = Duration.ofMillis(100);
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH,
				Map.of("time-sorted-id.partition-maintenance.lock-timeout", "100ms"))) {
			shop.clock.set(SEPTEMBER);
			List<String> orders = insertOrders(shop, 40_000);
			long rows = rowsInDefaults(shop);
			Stalls stalls = whileInserting(shop, orders);
			report(rows, 2, 0, stalls, lockTimeout);
			assertThat(stalls.run().failures()).filteredOn(failure -> failure.table().equals("purchase_order"))
				.singleElement()
				.extracting(failure -> failure.cause().getMessage())
				.asString()
				.startsWith("Moving the rows of purchase_order_p202609 out of purchase_order_default would keep writes "
						+ "waiting longer than time-sorted-id.partition-maintenance.lock-timeout (100ms): rolled back");
			assertThat(stalls.longest()).isLessThanOrEqualTo(bound(lockTimeout));
			assertThat(shop.partitionNames("purchase_order")).doesNotContain("purchase_order_p202609");
			assertThat(shop.jdbc.queryForObject("SELECT count(*) FROM purchase_order_default", Long.class))
				.isGreaterThanOrEqualTo(orders.size());
			assertThat(shop.bean(PurchaseOrderRepository.class).findById(orders.get(123))).isPresent();

			// the deliberate move: the maintenance run once with a longer lock timeout, at a quiet time
			try (PartitionsContext once = new PartitionsContext(ShopApplication.class, Database.POSTGRESQL, shop.dataSource, SEPTEMBER,
					Map.of("spring.jpa.hibernate.ddl-auto", "none", "time-sorted-id.partition-maintenance.lock-timeout", "1m",
							"time-sorted-id.partitions.PurchaseOrder.interval", "month",
							"time-sorted-id.partitions.Payment.interval", "month"))) {
				assertThat(once.maintainer().maintain().failures()).isEmpty();
			}
			assertThat(rowsInDefaults(shop)).isZero();
			assertThat(shop.partitionOf("purchase_order", "id", orders.get(123))).isEqualTo("purchase_order_p202609");
		}
	}

	/** Inserts orders of the clock's month with two lines each, as a bulk load would: one batch. */
	private static List<String> insertOrders(PartitionsContext shop, int count) {
		List<String> ids = new ArrayList<>();
		List<Object[]> orders = new ArrayList<>();
		List<Object[]> lines = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String id = newId(shop, PurchaseOrder.class);
			ids.add(id);
			orders.add(new Object[] { id, "customer " + i });
			lines.add(new Object[] { id, "tea", 1, 450 });
			lines.add(new Object[] { id, "cake", 2, 300 });
		}
		shop.jdbc.batchUpdate("INSERT INTO purchase_order (id, customer) VALUES (?, ?)", orders);
		shop.jdbc.batchUpdate("INSERT INTO order_line (purchase_order_id, product, quantity, cents) VALUES (?, ?, ?, ?)",
				lines);
		return ids;
	}

	private static String newId(PartitionsContext shop, Class<?> entity) {
		IdField field = shop.bean(TimeSortedIdRegistry.class).identifierOf(entity).orElseThrow();
		return (String) field.next();
	}

	private static long rowsInDefaults(PartitionsContext shop) {
		return shop.jdbc.queryForObject("SELECT (SELECT count(*) FROM purchase_order_default) + (SELECT count(*) FROM "
				+ "order_line_default) + (SELECT count(*) FROM payment_default)", Long.class);
	}

	/**
	 * Runs the maintenance while two threads insert orders and payments of the moving month, and
	 * measures how long each insert took: the longest is the longest a move kept writes waiting,
	 * and the insert's own time.
	 */
	private static Stalls whileInserting(PartitionsContext shop, List<String> orders) throws Exception {
		AtomicBoolean done = new AtomicBoolean();
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try {
			List<Future<Stalls>> inserters = new ArrayList<>();
			for (int thread = 0; thread < 2; thread++) {
				int offset = thread;
				inserters.add(pool.submit(() -> {
					long longest = 0;
					int inserts = 0;
					while (!done.get()) {
						long started = System.nanoTime();
						if (inserts % 2 == offset) {
							shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("carol", new OrderLine("jam", 1, 500)));
						}
						else {
							PurchaseOrder order = shop.bean(PurchaseOrderRepository.class).getReferenceById(
									orders.get((inserts * 7) % orders.size()));
							shop.bean(PaymentRepository.class).insert(new Payment(order, 500));
						}
						longest = Math.max(longest, System.nanoTime() - started);
						inserts++;
					}
					return new Stalls(Duration.ofNanos(longest), inserts, null);
				}));
			}
			Thread.sleep(300);
			PartitionMaintenance.Run run = shop.maintainer().maintain();
			Thread.sleep(300);
			done.set(true);
			Duration longest = Duration.ZERO;
			int inserts = 0;
			for (Future<Stalls> inserter : inserters) {
				longest = (inserter.get().longest().compareTo(longest) > 0) ? inserter.get().longest() : longest;
				inserts += inserter.get().inserts();
			}
			return new Stalls(longest, inserts, run);
		}
		finally {
			done.set(true);
			pool.shutdown();
		}
	}

	/** The bound of a write stall: the lock timeout, and the insert's own statements after the move let go. */
	private static Duration bound(Duration lockTimeout) {
		return lockTimeout.plusMillis(500);
	}

	/**
	 * Prints what a run had to move ({@code rows} in the default partitions, {@code intervals} of
	 * tables, {@code referenced} of them by rows of another table), the longest an insert waited, and
	 * what the run moved.
	 */
	private static void report(long rows, int intervals, int referenced, Stalls stalls, Duration lockTimeout) {
		System.out.println("partition moves: db=postgresql rows=" + rows + " intervals=" + intervals + " referenced="
				+ referenced + " longest_write_stall=" + stalls.longest().toMillis() + "ms lock_timeout="
				+ lockTimeout.toMillis() + "ms inserts=" + stalls.inserts() + " moved="
				+ stalls.run().moves().stream().mapToLong(PartitionMove::rows).sum() + " failed="
				+ stalls.run().failures().size());
	}

	/**
	 * The inserts made during a run, and the run.
	 * @param longest the longest an insert took
	 * @param inserts how many were made
	 * @param run the run
	 */
	private record Stalls(Duration longest, int inserts, PartitionMaintenance.Run run) {
	}

}
