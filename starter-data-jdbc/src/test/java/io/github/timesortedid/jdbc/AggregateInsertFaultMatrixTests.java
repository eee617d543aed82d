package io.github.timesortedid.jdbc;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.jdbc.orders.OrderApplication;
import io.github.timesortedid.jdbc.orders.OrderAttribute;
import io.github.timesortedid.jdbc.orders.OrderLine;
import io.github.timesortedid.jdbc.orders.OrderRepository;
import io.github.timesortedid.jdbc.orders.OrderTag;
import io.github.timesortedid.jdbc.orders.PurchaseOrder;
import io.github.timesortedid.jdbc.orders.PurchaseOrder.Address;
import io.github.timesortedid.jdbc.orders.PurchaseOrder.Status;
import io.github.timesortedid.testsupport.AggregateCensus;
import io.github.timesortedid.testsupport.AggregateCensus.Children;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FaultInjector;
import io.github.timesortedid.testsupport.FaultInjector.Fault;
import io.github.timesortedid.testsupport.FaultMatrix;
import io.github.timesortedid.testsupport.InsertOutcomes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The proof of retry-safe inserts of Spring Data JDBC aggregates, as JPA's
 * ({@code RetrySafeInsertFaultTests}): every fault of {@link FaultInjector} (lost and failed commits,
 * connections dropped before and after an INSERT, PostgreSQL's orphaned transactions, server-side
 * statement timeouts, and all of them mixed), each time 2,000 {@link PurchaseOrder} aggregates from 4
 * threads through the repository's {@code insert()}, and again through {@code insertAll()}: an embedded address, three lines with IDs of
 * their own, a set of two tags and a map of two attributes, a decimal with more scale than its column
 * and an instant with nanoseconds. Afterwards every order must be stored exactly once and whole, and
 * no insert may have given up or been answered with a conflict: every order is new, with a reference
 * of its own (its customer), so a conflict can only be a stored aggregate misread as different.
 * <p>
 * Nothing printed comes from what the inserter says about itself: strikes are counted by the
 * injector, outcomes per insert call, and rows with plain JDBC once the pool is closed and every
 * abandoned connection has been closed.
 */
class AggregateInsertFaultMatrixTests {

	private static final int LINES = 3;

	private static final int TAGS = 2;

	private static final int ATTRIBUTES = 2;

	/** Orders per {@code insertAll} call. */
	private static final int BATCH_SIZE = 5;

	/**
	 * What one attempt's transaction executes: the order's INSERT (or a batch's orders' INSERTs, as one
	 * JDBC batch), then one JDBC batch per collection (lines, tags, attributes), as Spring Data JDBC
	 * sends the elements of a collection; checked after each case.
	 */
	private static final int INSERTS_PER_TRANSACTION = 4;

	/**
	 * Every fault on PostgreSQL, the only database where a dropped connection leaves an orphaned
	 * transaction holding its locks; on H2 and MariaDB the mix, which strikes every kind of fault
	 * (each is counted). All 18 cases passed too, in 306 s: more than the build's time allows.
	 */
	static Stream<Arguments> matrix() {
		return Stream.concat(Stream.of(Fault.values()).map(fault -> Arguments.of(Database.POSTGRESQL, fault)),
				Stream.of(Database.H2, Database.MARIADB).map(database -> Arguments.of(database, Fault.MIXED)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("matrix")
	void everyAggregateIsStoredExactlyOnceAndWhole(Database database, Fault fault) throws Exception {
		run(database, fault, "api=jdbc", (orders, faults) -> FaultMatrix.struck(faults, (thread, i) -> orders.insert(order(thread, i))));
	}

	/**
	 * The same with {@code insertAll}, {@value #BATCH_SIZE} orders per call: a batch is struck as one
	 * transaction (its look-up, then one JDBC batch per table), and retried whole.
	 */
	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("matrix")
	void everyAggregateOfABatchIsStoredExactlyOnceAndWhole(Database database, Fault fault) throws Exception {
		run(database, fault, "api=jdbc call=insertAll", (orders, faults) -> FaultMatrix.struck(faults, BATCH_SIZE,
				(thread, first, count) -> orders.insertAll(IntStream.range(first, first + count).mapToObj(i -> order(thread, i)).toList())));
	}

	private void run(Database database, Fault fault, String subject, Calls calls) throws Exception {
		DataSource raw = database.newDatabase();
		DataJdbcContexts.create(raw, OrderApplication.DDL);
		long started = System.nanoTime();
		FaultInjector faults = FaultInjector.wrap(database, fault, FaultMatrix.probability(database, fault),
				INSERTS_PER_TRANSACTION);
		InsertOutcomes outcomes;
		try {
			HikariDataSource pool = FaultMatrix.pool(faults, raw, "jdbc-" + database.label() + "-" + fault.label());
			try (pool; ConfigurableApplicationContext shop = new SpringApplicationBuilder(OrderApplication.class)
				.web(WebApplicationType.NONE)
				.initializers(context -> context.getBeanFactory().registerSingleton("dataSource", pool))
				.properties(FaultMatrix.properties())
				// a commit that failed on a dead connection is rolled back, which fails too: Spring's
				// JdbcTransactionManager logs that at ERROR with two stack traces, for every strike at commit
				.properties("logging.level.org.springframework.jdbc.support.JdbcTransactionManager=off")
				.run()) {
				outcomes = calls.make(shop.getBean(OrderRepository.class), faults);
			}
		}
		finally {
			// closes the orphans when their time is up, so no transaction is open when rows are counted
			faults.close();
		}
		double seconds = (System.nanoTime() - started) / 1e9;
		// a strike placed past the last INSERT would spare its transaction without a word
		assertThat(faults.largestTransaction()).as("INSERT executions of one transaction")
			.isEqualTo(INSERTS_PER_TRANSACTION);
		AggregateCensus census = AggregateCensus.take(raw, FaultMatrix.references(),
				"purchase_order", "customer",
				List.of(new Children("child_rows", "order_line", "purchase_order", LINES),
						new Children("tag_rows", "order_tag", "purchase_order", TAGS),
						new Children("attribute_rows", "order_attribute", "purchase_order", ATTRIBUTES)));
		FaultMatrix.verify(subject + " db=" + database.label(), fault, seconds, faults, outcomes, census);
	}

	/** The insert calls of a case, with the injector striking. */
	@FunctionalInterface
	private interface Calls {

		InsertOutcomes make(OrderRepository orders, FaultInjector faults) throws Exception;

	}

	/** A new order, with its reference as its customer, and values the database will not store as given. */
	private static PurchaseOrder order(int thread, int i) {
		// four decimals for a scale-2 column, nanoseconds for a microsecond column: the database rounds
		PurchaseOrder order = new PurchaseOrder(InsertOutcomes.reference(thread, i),
				new Address(i + " Rue de la République", "Lyon"), new BigDecimal("12.3456").add(BigDecimal.valueOf(i)),
				Instant.parse("2026-11-27T10:15:30.123456789Z").plusMillis(i), Status.values()[i % 3]);
		for (int line = 1; line <= LINES; line++) {
			order.getLines().add(new OrderLine("SKU-" + line, line * (thread + 1)));
		}
		order.getTags().add(new OrderTag("express"));
		order.getTags().add(new OrderTag("thread-" + thread));
		order.getAttributes().put("color", new OrderAttribute((i % 2 == 0) ? "green" : "blue"));
		order.getAttributes().put("gift", new OrderAttribute("wrapped"));
		return order;
	}

}
