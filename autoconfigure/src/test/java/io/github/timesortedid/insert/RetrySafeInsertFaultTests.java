package io.github.timesortedid.insert;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.autoconfigure.fixtures.orders.Address;
import io.github.timesortedid.autoconfigure.fixtures.orders.Customer;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrderLine;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrdersApplication;
import io.github.timesortedid.autoconfigure.fixtures.orders.Packaging;
import io.github.timesortedid.autoconfigure.fixtures.orders.PurchaseOrder;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FaultInjector;
import io.github.timesortedid.testsupport.FaultInjector.Fault;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The proof of retry-safe inserts, as a fault matrix: every fault of {@link FaultInjector} on H2,
 * PostgreSQL and MariaDB, each time 2,000 inserts of a whole {@link PurchaseOrder} aggregate from 4
 * threads: a customer reference, an embeddable without equals(), a record embeddable of three
 * fields, two tags, three cascaded lines with IDs of their own, and values the database rounds or
 * normalizes (a decimal with more scale than its column, {@code Instant.now()}, an offset date-time
 * with nanoseconds, a legacy {@code java.util.Date}, JSON numbers Jackson reads back as other types)
 * and one a {@code @PrePersist} callback sets at each attempt. Afterwards every
 * order must be stored exactly once and whole, and no insert may have given up or been answered
 * with a conflict: every order is new, with a reference of its own, so a conflict can only be a
 * stored row misread as different.
 * <p>
 * Nothing printed comes from what the inserter says about itself: strikes are counted by the
 * injector as they happen, outcomes per insert call, and rows with plain JDBC once the last insert
 * has returned, the pool is closed and every abandoned connection has been closed.
 */
class RetrySafeInsertFaultTests {

	private static final int THREADS = 4;

	private static final int PER_THREAD = 500;

	private static final int INSERTS = THREADS * PER_THREAD;

	private static final int LINES = 3;

	private static final int TAGS = 2;

	/** What one attempt's transaction sends: the order, its lines and its tags. */
	private static final int INSERTS_PER_TRANSACTION = 1 + LINES + TAGS;

	/** A hung insert fails its case after this, instead of hanging the build. */
	private static final long CASE_LIMIT_SECONDS = 180;

	static Stream<Arguments> matrix() {
		return Stream.of(Database.values())
			.flatMap(database -> Stream.of(Fault.values()).map(fault -> Arguments.of(database, fault)));
	}

	/**
	 * The chance that an attempt's transaction is struck: 0.15 strikes 15 to 19% of inserts, since
	 * retries are struck too (except replays of lost commits, which do not commit). Lower costs
	 * coverage, higher costs time: every struck connection is replaced, and Hikari adds at most one
	 * connection per 30 ms. An orphaned PostgreSQL transaction also blocks the retry for about a
	 * second, until the server ends it, so the cases that orphan strike less often.
	 */
	static double probability(Database database, Fault fault) {
		if (database != Database.POSTGRESQL) {
			return 0.15;
		}
		return switch (fault) {
			case DROPPED_AFTER_INSERT -> 0.03;
			case MIXED -> 0.10;
			default -> 0.15;
		};
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("matrix")
	void everyInsertLandsExactlyOnceAndWhole(Database database, Fault fault) throws Exception {
		check(database, fault, Map.of());
	}

	/**
	 * The same on PostgreSQL with the orders, their tags and their lines in tables partitioned by
	 * day (issue 26): the duplicate key a replay meets is a partition's. A lost commit, whose replays
	 * all meet it, and the mix, which strikes every kind of fault (each is counted), keep the time
	 * of the build in bounds; all six took 122 s and passed when this was written.
	 */
	@ParameterizedTest(name = "postgresql partitioned {0}")
	@EnumSource(value = Fault.class, names = { "LOST_COMMIT", "MIXED" })
	void everyInsertLandsExactlyOnceAndWholeInPartitionedTables(Fault fault) throws Exception {
		check(Database.POSTGRESQL, fault, Map.of("time-sorted-id.partitions.PurchaseOrder.interval", "day",
				"time-sorted-id.partitions.OrderLine.interval", "day"));
	}

	private static void check(Database database, Fault fault, Map<String, Object> extra) throws Exception {
		DataSource raw = database.newDatabase();
		if (database == Database.MARIADB) {
			// MariaDB 11.4 still defaults to latin1; an application storing any text declares utf8mb4
			execute(raw, "ALTER DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
		}
		double probability = probability(database, fault);
		long started = System.nanoTime();
		FaultInjector faults = FaultInjector.wrap(database, fault, probability, INSERTS_PER_TRANSACTION);
		Outcomes outcomes;
		try {
			HikariDataSource pool = new HikariDataSource();
			pool.setDataSource(faults.around(raw));
			pool.setMaximumPoolSize(THREADS * 2);
			pool.setPoolName(database.label() + "-" + fault.label());
			try (pool; ConfigurableApplicationContext context = new SpringApplicationBuilder(OrdersApplication.class)
				.web(WebApplicationType.NONE)
				.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", pool))
				.properties(properties())
				.properties(extra)
				.run()) {
				RetrySafeInserter inserter = context.getBean(RetrySafeInserter.class);
				Customer customer = inserter.insert(new Customer("Zoë Ångström-Núñez")).entity();
				faults.enable();
				try {
					outcomes = run(inserter, customer);
				}
				finally {
					faults.disable();
				}
			}
		}
		finally {
			// closes the orphans when their time is up, so no transaction is open when rows are counted
			faults.close();
		}
		double seconds = (System.nanoTime() - started) / 1e9;
		Census census = Census.take(raw);

		System.out.printf("retry-safe inserts: db=%s%s fault=%s inserts=%d rows=%d child_rows=%d tag_rows=%d "
				+ "duplicates=%d lost=%d false_conflicts=%d%n", database.label(), extra.isEmpty() ? "" : " (partitioned)",
				fault.label(), INSERTS, census.rows(),
				census.childRows(), census.tagRows(), census.duplicates(), census.lost(), outcomes.conflicts().size());
		System.out.printf("  (%.1f s; p=%.2f; struck %d: %s; created %d, replayed %d, gave up %d; incomplete orders %d)%n",
				seconds, probability, faults.injected(), faults.summary(), outcomes.created(), outcomes.replayed(),
				outcomes.gaveUp().size(), census.incomplete());
		if (!faults.timeoutFailures().isEmpty()) {
			System.out.println("  statement timeouts seen: " + faults.timeoutFailures());
		}
		if (faults.abandoned() > 0) {
			System.out.printf("  orphans: %d abandoned, %d ended by the server (%s), %d outlived it%n", faults.abandoned(),
					faults.orphansEndedByServer(), String.join(", ", faults.orphanEndings()), faults.orphansOutlived());
		}
		String gaveUp = describe("gave up", outcomes.gaveUp());
		String conflicts = describe("false conflicts", outcomes.conflicts());

		SoftAssertions softly = new SoftAssertions();
		// sizes, not lists: the failures themselves are summarized above
		softly.assertThat(outcomes.gaveUp().size()).as("inserts that gave up%s", gaveUp).isZero();
		softly.assertThat(faults.injected()).as("faults struck").isGreaterThanOrEqualTo(fewestStrikes(probability));
		if (fault == Fault.MIXED) {
			Stream.of(Fault.values())
				.filter(kind -> kind != Fault.MIXED)
				.forEach(kind -> softly.assertThat(faults.injected(kind))
					.as(kind.label() + " strikes in the mix")
					.isPositive());
		}
		softly.assertThat(census.unexpected()).as("stored references that no insert used").isEmpty();
		softly.assertThat(census.rows()).as("rows").isEqualTo(INSERTS);
		softly.assertThat(census.childRows()).as("child_rows").isEqualTo((long) LINES * INSERTS);
		softly.assertThat(census.tagRows()).as("tag_rows").isEqualTo((long) TAGS * INSERTS);
		softly.assertThat(census.duplicates()).as("duplicates").isZero();
		softly.assertThat(census.lost()).as("lost").isZero();
		softly.assertThat(outcomes.conflicts().size()).as("false_conflicts%s", conflicts).isZero();
		softly.assertThat(faults.orphansOutlived())
			.as("orphaned transactions the server did not end by itself")
			.isZero();
		softly.assertAll();
	}

	/**
	 * Four standard deviations below the strikes that first attempts alone draw: every first
	 * attempt sends all its INSERTs and commits, so each is struck with the probability, whatever
	 * the retries do. Fewer strikes than this means the injector is not striking.
	 */
	private static int fewestStrikes(double probability) {
		double mean = INSERTS * probability;
		return (int) (mean - 4 * Math.sqrt(mean * (1 - probability)));
	}

	private static Map<String, Object> properties() {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("spring.jpa.hibernate.ddl-auto", "create");
		properties.put(PropertyNames.INSERT_MAX_ATTEMPTS, "40");
		properties.put("time-sorted-id.insert.initial-delay", "2ms");
		properties.put("time-sorted-id.insert.max-delay", "50ms");
		properties.put("time-sorted-id.insert.jitter", "1ms");
		// an INSERT blocked by an orphan's lock times out and is retried rather than waiting
		properties.put(PropertyNames.INSERT_ATTEMPT_TIMEOUT, "1s");
		// every strike would log warnings with stack traces (Hibernate, Hikari, the driver, PostgreSQL's
		// server log): over a hundred thousand lines per run, while the outcome is counted, not read
		properties.put("logging.level.org.hibernate.orm.jdbc.error", "off");
		properties.put("logging.level.com.zaxxer.hikari", "error");
		properties.put("logging.level.org.mariadb.jdbc", "error");
		properties.put("logging.level.io.zonky.test.db.postgres", "warn");
		return properties;
	}

	private static Outcomes run(RetrySafeInserter inserter, Customer customer) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<Outcomes>> results = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				int thread = t;
				results.add(threads.submit(() -> {
					Outcomes outcomes = new Outcomes();
					for (int i = 0; i < PER_THREAD; i++) {
						try {
							InsertResult<PurchaseOrder> result = inserter.insert(order(customer, thread, i));
							outcomes.count(result);
						}
						catch (InsertConflictException ex) {
							outcomes.conflicts().add(ex);
						}
						catch (RuntimeException ex) {
							outcomes.gaveUp().add(ex);
						}
					}
					return outcomes;
				}));
			}
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CASE_LIMIT_SECONDS);
			Outcomes all = new Outcomes();
			for (Future<Outcomes> result : results) {
				try {
					all.add(result.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
				}
				catch (TimeoutException ex) {
					throw new AssertionError("Inserts still running after " + CASE_LIMIT_SECONDS + " s: a retry hangs",
							ex);
				}
			}
			return all;
		}
		finally {
			threads.shutdownNow();
		}
	}

	/** A new order, each with a reference of its own, and values the database will not store as given. */
	private static PurchaseOrder order(Customer customer, int thread, int i) {
		PurchaseOrder order = new PurchaseOrder("ref-" + thread + "-" + i, customer);
		// four decimals for a scale-2 column: the database rounds
		order.setTotal(new BigDecimal("12.3456").add(BigDecimal.valueOf(i)));
		// nanoseconds and a +02:00 offset: databases keep microseconds, and some the instant only
		order.setPromisedFor(
				OffsetDateTime.of(2026, 12, 24, 18, 30, 15, 123_456_789, ZoneOffset.ofHours(2)).plusMinutes(i));
		order.setShipTo(new Address("Bahnhofstraße " + (i + 1), "Zürich", "8001"));
		order.setTags(new ArrayList<>(List.of("express", "thread-" + thread)));
		List<OrderLine> lines = new ArrayList<>();
		for (int line = 1; line <= LINES; line++) {
			lines.add(new OrderLine("SKU-" + line, line, new BigDecimal("4.9951").multiply(BigDecimal.valueOf(line))));
		}
		order.setLines(lines);
		order.setNote("Grüße aus Köln — 注文 №" + i + " 🚚");
		// a record of three fields, a legacy Date, and JSON numbers that read back as other types
		order.setPackaging(new Packaging(30 + thread, 20, 10 + i % 7));
		order.setRequestedAt(new Date(1_798_000_000_123L + i));
		order.setAttributes(new LinkedHashMap<>(Map.of("items", (long) LINES, "weight", 1.25f + i, "gift", i % 2 == 0)));
		return order;
	}

	private static Set<String> references() {
		Set<String> references = new HashSet<>();
		for (int thread = 0; thread < THREADS; thread++) {
			for (int i = 0; i < PER_THREAD; i++) {
				references.add("ref-" + thread + "-" + i);
			}
		}
		return references;
	}

	/** Prints how many failures of each kind there were, and the causes of the first one. */
	/**
	 * Prints the kinds of failures and the first one's cause chain, and returns the same text for
	 * the assertion, so that a build log cut to its failures still says what failed.
	 */
	private static String describe(String what, List<? extends Throwable> failures) {
		if (failures.isEmpty()) {
			return "";
		}
		Map<String, Long> kinds = failures.stream()
			.collect(Collectors.groupingBy(RetrySafeInsertFaultTests::rootCause, LinkedHashMap::new,
					Collectors.counting()));
		StringBuilder text = new StringBuilder("\n  " + what + ", by root cause: " + kinds);
		Throwable root = failures.get(0);
		for (Throwable cause = root; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			text.append("\n    first: ").append(cause);
			root = cause;
		}
		// where the root cause was thrown tells which layer failed to classify it
		Stream.of(root.getStackTrace()).limit(8).forEach(frame -> text.append("\n      at ").append(frame));
		System.out.println(text.substring(1));
		return text.toString();
	}

	private static String rootCause(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String message = String.valueOf(root.getMessage()).lines().findFirst().orElse("");
		// IDs and references differ from one failure to the next; the kind of failure does not
		return root.getClass().getSimpleName() + ": "
				+ message.replaceAll("[a-z]+_[0-9a-z]{20,}", "<id>").replaceAll("ref-\\d+-\\d+", "<ref>");
	}

	private static void execute(DataSource dataSource, String sql) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	/** What the insert calls of a case returned, counted by the threads that made them. */
	private static final class Outcomes {

		private int created;

		private int replayed;

		private final List<InsertConflictException> conflicts = new ArrayList<>();

		private final List<RuntimeException> gaveUp = new ArrayList<>();

		void count(InsertResult<?> result) {
			if (result.created()) {
				this.created++;
			}
			else {
				this.replayed++;
			}
		}

		void add(Outcomes other) {
			this.created += other.created;
			this.replayed += other.replayed;
			this.conflicts.addAll(other.conflicts);
			this.gaveUp.addAll(other.gaveUp);
		}

		/** Inserts whose own attempt wrote the row. */
		int created() {
			return this.created;
		}

		/** Inserts answered with the row an earlier attempt had written (a lost commit's). */
		int replayed() {
			return this.replayed;
		}

		/** Inserts answered with InsertConflictException: all false, as every order is new. */
		List<InsertConflictException> conflicts() {
			return this.conflicts;
		}

		/** Inserts that ended with any other exception. */
		List<RuntimeException> gaveUp() {
			return this.gaveUp;
		}

	}

	/**
	 * What is stored, counted with plain JDBC. An insert is lost unless its reference has a stored
	 * order with all its lines and tags; an order stored without them counts as lost, as its
	 * caller was told it was stored.
	 */
	private record Census(long rows, long childRows, long tagRows, long duplicates, long lost, long incomplete,
			Set<String> unexpected) {

		static Census take(DataSource dataSource) throws SQLException {
			try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
				Function<String, Long> count = sql -> {
					try (ResultSet result = statement.executeQuery(sql)) {
						result.next();
						return result.getLong(1);
					}
					catch (SQLException ex) {
						throw new IllegalStateException(sql, ex);
					}
				};
				long childRows = count.apply("SELECT COUNT(*) FROM order_line");
				long tagRows = count.apply("SELECT COUNT(*) FROM purchase_order_tag");
				long rows = 0;
				long incomplete = 0;
				Set<String> stored = new HashSet<>();
				Set<String> whole = new HashSet<>();
				try (ResultSet orders = statement.executeQuery("SELECT o.reference,"
						+ " (SELECT COUNT(*) FROM order_line l WHERE l.order_id = o.id),"
						+ " (SELECT COUNT(*) FROM purchase_order_tag t WHERE t.purchase_order_id = o.id)"
						+ " FROM purchase_order o")) {
					while (orders.next()) {
						rows++;
						stored.add(orders.getString(1));
						if (orders.getLong(2) == LINES && orders.getLong(3) == TAGS) {
							whole.add(orders.getString(1));
						}
						else {
							incomplete++;
						}
					}
				}
				Set<String> expected = references();
				Set<String> unexpected = new HashSet<>(stored);
				unexpected.removeAll(expected);
				whole.retainAll(expected);
				return new Census(rows, childRows, tagRows, rows - stored.size(), INSERTS - whole.size(), incomplete,
						unexpected);
			}
		}

	}

}
