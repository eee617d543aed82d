package io.github.timesortedid.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.jdbc.orders.OrderApplication;
import io.github.timesortedid.jdbc.orders.OrderRepository;
import io.github.timesortedid.jdbc.orders.PurchaseOrder;
import io.github.timesortedid.testsupport.CommitFault;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Retry-safe inserts of an order aggregate (an embedded address, two lines, two tags, an attribute)
 * whose commits fail for real: every other commit is lost (the database commits, then the connection
 * is closed before the client hears it) or fails (rolled back, then closed). Each insert is retried
 * with the same IDs, and each order is stored once and whole, answered "created" or "already
 * existed", never a conflict; and the same for batches of {@code insertAll}, whose every commit fails
 * once.
 */
class AggregateInsertFaultTests {

	private static final int INSERTS = 40;

	private static final int BATCHES = 8;

	private static final int BATCH_SIZE = 5;

	static List<Arguments> cases() {
		List<Arguments> cases = new ArrayList<>();
		for (Database database : Database.values()) {
			for (CommitFault.Kind kind : CommitFault.Kind.values()) {
				cases.add(Arguments.of(database, kind));
			}
		}
		return cases;
	}

	@ParameterizedTest
	@MethodSource("cases")
	void everyOrderIsStoredOnceAndWhole(Database database, CommitFault.Kind kind) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource, OrderApplication.DDL);
		CommitFault fault = new CommitFault();
		try (ConfigurableApplicationContext shop = OrderApplication.start(fault.around(dataSource))) {
			OrderRepository orders = shop.getBean(OrderRepository.class);
			List<String> ids = new ArrayList<>();
			List<String> conflicts = new ArrayList<>();
			int retried = 0;
			for (int i = 0; i < INSERTS; i++) {
				if (i % 2 == 0) {
					fault.arm(kind);
				}
				PurchaseOrder order = AggregateInsertTests.order(null);
				try {
					InsertResult<PurchaseOrder> result = orders.insert(order);
					ids.add(result.entity().getId());
					retried += (result.attempts() > 1) ? 1 : 0;
					// a lost commit stored the order: its retry finds it; a failed one did not: its retry makes it
					assertThat(result.created()).isEqualTo(i % 2 == 1 || kind == CommitFault.Kind.FAILED);
				}
				catch (InsertConflictException ex) {
					conflicts.add(ex.getMessage());
				}
			}
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			int rows = count(jdbc, "select count(*) from purchase_order");
			int lines = count(jdbc, "select count(*) from order_line");
			int tags = count(jdbc, "select count(*) from order_tag");
			int attributes = count(jdbc, "select count(*) from order_attribute");
			long lost = notWhole(jdbc, ids) + (INSERTS - ids.size() - conflicts.size());
			String label = (kind == CommitFault.Kind.LOST) ? "lost-commit" : "failed-commit";
			System.out.printf("retry-safe inserts: api=jdbc db=%s fault=%s inserts=%d retried=%d rows=%d child_rows=%d "
					+ "tag_rows=%d attribute_rows=%d lost=%d false_conflicts=%d%n", database.label(), label, INSERTS,
					retried, rows, lines, tags, attributes, lost, conflicts.size());
			assertThat(conflicts).isEmpty();
			assertThat(retried).isEqualTo(INSERTS / 2);
			assertThat(lost).isZero();
			assertThat(rows).isEqualTo(INSERTS);
			assertThat(lines).isEqualTo(2 * INSERTS);
			assertThat(tags).isEqualTo(2 * INSERTS);
			assertThat(attributes).isEqualTo(INSERTS);
		}
	}

	@ParameterizedTest
	@MethodSource("cases")
	void everyBatchIsStoredOnceAndWhole(Database database, CommitFault.Kind kind) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource, OrderApplication.DDL);
		CommitFault fault = new CommitFault();
		try (ConfigurableApplicationContext shop = OrderApplication.start(fault.around(dataSource))) {
			OrderRepository orders = shop.getBean(OrderRepository.class);
			TimeSortedIds ids = shop.getBean(TimeSortedIds.class);
			List<String> stored = new ArrayList<>();
			for (int batch = 0; batch < BATCHES; batch++) {
				List<PurchaseOrder> batchOrders = new ArrayList<>();
				for (int i = 0; i < BATCH_SIZE; i++) {
					// every other batch carries IDs set ahead, as an import file does; the others get theirs now
					batchOrders.add(AggregateInsertTests.order((batch % 2 == 0) ? null : ids.next(PurchaseOrder.class)));
				}
				fault.arm(kind);
				List<InsertResult<PurchaseOrder>> results = orders.insertAll(batchOrders);
				// a lost commit stored the batch: its retry finds every order; a failed one did not: its retry makes them
				assertThat(results).allSatisfy(result -> {
					assertThat(result.attempts()).isEqualTo(2);
					assertThat(result.created()).isEqualTo(kind == CommitFault.Kind.FAILED);
				});
				results.forEach(result -> stored.add(result.entity().getId()));
			}
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			int rows = count(jdbc, "select count(*) from purchase_order");
			int lines = count(jdbc, "select count(*) from order_line");
			long lost = notWhole(jdbc, stored);
			String label = (kind == CommitFault.Kind.LOST) ? "lost-commit" : "failed-commit";
			System.out.printf("retry-safe inserts: api=jdbc call=insertAll db=%s fault=%s batches=%d inserts=%d rows=%d "
					+ "child_rows=%d lost=%d%n", database.label(), label, BATCHES, BATCHES * BATCH_SIZE, rows, lines, lost);
			assertThat(stored).hasSize(BATCHES * BATCH_SIZE).doesNotHaveDuplicates();
			assertThat(lost).isZero();
			assertThat(rows).isEqualTo(BATCHES * BATCH_SIZE);
			assertThat(lines).isEqualTo(2 * BATCHES * BATCH_SIZE);
		}
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void eachRetryIsLoggedAtDebugWithWhatFailed(CapturedOutput output) throws Exception {
		DataSource dataSource = Database.H2.newDatabase();
		DataJdbcContexts.create(dataSource, OrderApplication.DDL);
		CommitFault fault = new CommitFault();
		LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());
		try (ConfigurableApplicationContext shop = OrderApplication.start(fault.around(dataSource))) {
			logging.setLogLevel("io.github.timesortedid.insert", LogLevel.DEBUG);
			fault.arm(CommitFault.Kind.LOST);
			InsertResult<PurchaseOrder> result = shop.getBean(OrderRepository.class).insert(AggregateInsertTests.order(null));
			assertThat(result.attempts()).isEqualTo(2);
			assertThat(output).contains("Insert of PurchaseOrder " + result.entity().getId() + ": attempt 1 failed (")
				.contains("retrying with the same ID");
		}
		finally {
			logging.setLogLevel("io.github.timesortedid.insert", null);
		}
	}

	/** The orders missing, or stored without all their lines, tags and attributes. */
	private static long notWhole(JdbcTemplate jdbc, List<String> ids) {
		return ids.stream()
			.filter(id -> count(jdbc, "select count(*) from order_line where purchase_order = ?", id) != 2
					|| count(jdbc, "select count(*) from order_tag where purchase_order = ?", id) != 2
					|| count(jdbc, "select count(*) from order_attribute where purchase_order = ?", id) != 1
					|| count(jdbc, "select count(*) from purchase_order where id = ?", id) != 1)
			.count();
	}

	private static int count(JdbcTemplate jdbc, String sql, Object... arguments) {
		return jdbc.queryForObject(sql.toLowerCase(Locale.ROOT), Integer.class, arguments);
	}

}
