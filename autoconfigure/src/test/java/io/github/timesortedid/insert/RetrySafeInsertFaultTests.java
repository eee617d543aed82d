package io.github.timesortedid.insert;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.autoconfigure.fixtures.payments.Payment;
import io.github.timesortedid.autoconfigure.fixtures.payments.PaymentsApplication;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FaultInjector;
import io.github.timesortedid.testsupport.FaultInjector.Fault;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The proof of retry-safe inserts: 2,000 inserts from 4 threads while a quarter of the commits are
 * lost on the way back (the row is durable, the client hears an error), or a quarter of the
 * connections die before the INSERT is sent. Afterwards exactly one row per insert must exist.
 */
class RetrySafeInsertFaultTests {

	private static final int THREADS = 4;

	private static final int PER_THREAD = 500;

	static Stream<Arguments> matrix() {
		return Stream.of(Database.values())
			.flatMap(database -> Stream.of(Fault.values()).map(fault -> Arguments.of(database, fault)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("matrix")
	void everyInsertLandsExactlyOnce(Database database, Fault fault) throws Exception {
		DataSource raw = database.newDatabase();
		FaultInjector faults = FaultInjector.wrap(fault, 0.25);
		HikariDataSource pool = new HikariDataSource();
		pool.setDataSource(faults.around(raw));
		pool.setMaximumPoolSize(THREADS * 2);
		pool.setPoolName(database.label() + "-" + fault.label());
		try (pool; ConfigurableApplicationContext context = new SpringApplicationBuilder(PaymentsApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", pool))
			.properties(Map.of("spring.jpa.hibernate.ddl-auto", "create", "time-sorted-id.insert.max-attempts", "40",
					"time-sorted-id.insert.initial-delay", "2ms", "time-sorted-id.insert.max-delay", "50ms",
					"time-sorted-id.insert.jitter", "1ms"))
			.run()) {
			RetrySafeInserter inserter = context.getBean(RetrySafeInserter.class);
			faults.enable();
			List<Throwable> failures = run(inserter);
			faults.disable();

			Map<String, Object> counts = new JdbcTemplate(raw)
				.queryForMap("SELECT COUNT(*) AS n, COUNT(DISTINCT reference) AS d FROM payment");
			long rows = ((Number) counts.get("n")).longValue();
			long distinct = ((Number) counts.get("d")).longValue();
			long inserts = (long) THREADS * PER_THREAD;
			long duplicates = rows - distinct;
			long lost = inserts - distinct;
			System.out.printf("retry-safe inserts: db=%s fault=%s inserts=%d rows=%d duplicates=%d lost=%d%n",
					database.label(), fault.label(), inserts, rows, duplicates, lost);
			System.out.printf("  (faults injected: %d, inserts that gave up: %d)%n", faults.injected(), failures.size());
			if (!failures.isEmpty()) {
				for (Throwable cause = failures.get(0); cause != null; cause = cause.getCause()) {
					System.out.println("  first failure: " + cause);
				}
			}
			assertThat(failures).isEmpty();
			assertThat(faults.injected()).as("faults struck").isGreaterThan((int) (inserts * 0.15));
			assertThat(rows).isEqualTo(inserts);
			assertThat(duplicates).isZero();
			assertThat(lost).isZero();
		}
	}

	private static List<Throwable> run(RetrySafeInserter inserter) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<List<Throwable>>> results = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				int thread = t;
				results.add(threads.submit(() -> {
					List<Throwable> failures = new ArrayList<>();
					for (int i = 0; i < PER_THREAD; i++) {
						try {
							inserter.insert(new Payment("ref-" + thread + "-" + i, 100L * i));
						}
						catch (RuntimeException ex) {
							failures.add(ex);
						}
					}
					return failures;
				}));
			}
			List<Throwable> failures = new ArrayList<>();
			for (Future<List<Throwable>> result : results) {
				failures.addAll(result.get());
			}
			return failures;
		}
		finally {
			threads.shutdownNow();
		}
	}

}
