package io.github.timesortedid.partition;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.timesortedid.autoconfigure.fixtures.shop.Payment;
import io.github.timesortedid.autoconfigure.fixtures.shop.PaymentRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrderRepository;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The maintenance beside the application's own transactions on PostgreSQL, as a busy shop has
 * them: a transaction that holds a table for longer than one of the maintenance's lock attempts
 * delays a run and does not fail it, and a retention that detaches a partition while an
 * application transaction writes an order and then its payment ends without a deadlock, neither
 * of the two cancelled.
 */
class PartitionLockWaitTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	private static final Instant SEPTEMBER = Instant.parse("2026-09-02T08:00:00Z");

	@Test
	void aTransactionThatHoldsTheTableForASecondDelaysAMoveAndDoesNotFailIt() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH, Map.of())) {
			shop.clock.set(SEPTEMBER);
			PurchaseOrder september = shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("bob")).entity();
			assertThat(shop.partitionOf("purchase_order", "id", september.getId())).isEqualTo("purchase_order_default");
			CountDownLatch locked = new CountDownLatch(1);
			CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> {
				try (Connection application = shop.dataSource.getConnection()) {
					application.setAutoCommit(false);
					// the lock an insert of an order takes, held by a slow request's transaction, busy (not idle) for 1 s
					application.createStatement().execute("LOCK TABLE purchase_order IN ROW EXCLUSIVE MODE");
					locked.countDown();
					application.createStatement().execute("SELECT pg_sleep(1)");
					application.commit();
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			});
			assertThat(locked.await(10, TimeUnit.SECONDS)).isTrue();
			PartitionMaintenance.Run run = shop.maintainer().maintain();
			holder.get();
			assertThat(run.failures()).as("the run (lock-timeout 5s) after a 1 s wait").isEmpty();
			assertThat(shop.partitionOf("purchase_order", "id", september.getId())).isEqualTo("purchase_order_p202609");
		}
	}

	@Test
	void aRetentionBesideATransactionThatWritesAnOrderThenItsPaymentEndsWithoutADeadlock() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH,
				Map.of("time-sorted-id.partitions.Payment.retention", "31d"))) {
			PurchaseOrder march = shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("ada")).entity();
			shop.bean(PaymentRepository.class).insert(new Payment(march, 900));
			shop.clock.set(Instant.parse("2026-05-10T00:00:00Z"));
			TimeSortedIdRegistry registry = shop.bean(TimeSortedIdRegistry.class);
			IdField orders = registry.field("PurchaseOrder", "id").orElseThrow();
			IdField payments = registry.field("Payment", "id").orElseThrow();
			CompletableFuture<PartitionMaintenance.Run> maintenance;
			try (Connection application = shop.dataSource.getConnection()) {
				application.setAutoCommit(false);
				String order = (String) orders.nextAt(Instant.parse("2026-05-10T00:00:00Z"));
				insert(application, "INSERT INTO purchase_order (id, customer) VALUES (?, 'bob')", order);
				maintenance = CompletableFuture.supplyAsync(() -> shop.maintainer().maintain());
				pause(Duration.ofMillis(300));
				// the payment of the same transaction; the detach of March's payments waits for the orders' lock
				try (PreparedStatement payment = application.prepareStatement(
						"INSERT INTO payment (id, order_id, cents) VALUES (?, ?, 900)")) {
					payment.setString(1, (String) payments.nextAt(Instant.parse("2026-05-10T00:00:00Z")));
					payment.setString(2, order);
					payment.executeUpdate();
				}
				application.commit();
			}
			assertThat(maintenance.get().failures()).as("the run beside the application's transaction").isEmpty();
			assertThat(shop.partitionNames("payment")).doesNotContain("payment_p202603");
		}
	}

	/**
	 * A clock a hundred days ahead retires March; with the clock back, the run cannot make March
	 * again and names the statement that attaches the detached table back, which brings the order back.
	 */
	@Test
	void aMonthDetachedUnderAClockAheadIsNamedWithTheStatementThatPutsItBack() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH,
				Map.of("time-sorted-id.partitions.PurchaseOrder.retention", "31d",
						"time-sorted-id.partitions.Payment.retention", "31d"))) {
			PurchaseOrder march = shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("ada")).entity();
			shop.clock.set(MARCH.plus(Duration.ofDays(100)));
			assertThat(shop.maintainer().maintain().failures()).isEmpty();
			assertThat(shop.partitionNames("purchase_order")).doesNotContain("purchase_order_p202603");
			shop.clock.set(MARCH);
			PartitionMaintenance.Run back = shop.maintainer().maintain();
			// the orders' March with its lines and tags, and the payments' March
			assertThat(back.failures()).extracting(PartitionMaintenance.Failure::table)
				.containsExactlyInAnyOrder("purchase_order", "payment");
			assertThat(back.failures()).filteredOn(failure -> failure.table().equals("purchase_order"))
				.singleElement()
				.satisfies(failure -> assertThat(failure.cause().getMessage()).contains("The partition "
						+ "purchase_order_p202603 of purchase_order cannot be made: a table of that name is there, not attached",
						"ALTER TABLE purchase_order ATTACH PARTITION purchase_order_p202603 FOR VALUES FROM (",
						"ALTER TABLE order_line ATTACH PARTITION order_line_p202603 FOR VALUES FROM ("));
			// March and the month made ahead of it left under the clock ahead: each run names those it needs
			PartitionMaintenance.Run run = back;
			for (int attempt = 0; attempt < 4 && !run.failures().isEmpty(); attempt++) {
				for (PartitionMaintenance.Failure failure : run.failures()) {
					Matcher attach = Pattern.compile("ALTER TABLE .*? ATTACH PARTITION .*?\\);").matcher(failure.cause().getMessage());
					while (attach.find()) {
						shop.jdbc.execute(attach.group());
					}
				}
				run = shop.maintainer().maintain();
			}
			assertThat(run.failures()).isEmpty();
			assertThat(shop.bean(PurchaseOrderRepository.class).findById(march.getId())).isPresent();
		}
	}

	private static void insert(Connection connection, String sql, String id) throws Exception {
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setString(1, id);
			statement.executeUpdate();
		}
	}

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
