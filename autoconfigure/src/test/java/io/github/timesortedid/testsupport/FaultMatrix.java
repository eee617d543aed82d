package io.github.timesortedid.testsupport;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.testsupport.FaultInjector.Fault;
import org.assertj.core.api.SoftAssertions;

/**
 * What the fault matrices of retry-safe inserts share, JPA's ({@code RetrySafeInsertFaultTests}) and
 * Spring Data JDBC's ({@code AggregateInsertFaultMatrixTests}): how often each fault strikes, the
 * insert settings, the printed lines and what must hold after a case.
 */
public final class FaultMatrix {

	/** How many threads insert at once in a case. */
	public static final int THREADS = 4;

	/** How many inserts each thread makes: 2,000 in all. */
	public static final int PER_THREAD = 500;

	/** A hung insert fails its case after this, instead of hanging the build. */
	private static final long CASE_LIMIT_SECONDS = 180;

	private FaultMatrix() {
	}

	/** A Hikari pool, as an application's, of connections through the injector, sized for the case's threads. */
	public static HikariDataSource pool(FaultInjector faults, DataSource database, String name) {
		HikariDataSource pool = new HikariDataSource();
		pool.setDataSource(faults.around(database));
		pool.setMaximumPoolSize(THREADS * 2);
		pool.setPoolName(name);
		return pool;
	}

	/**
	 * Makes the case's inserts from {@link #THREADS} threads with the injector striking, and counts
	 * what they returned.
	 * @param insert one insert, of a new aggregate with the reference {@link InsertOutcomes#reference}
	 * @throws AssertionError if inserts are still running after the case's time limit: a retry hangs
	 */
	public static InsertOutcomes struck(FaultInjector faults, InsertOutcomes.Insert insert) throws Exception {
		return struck(faults, 1, (thread, first, count) -> List.of(insert.insert(thread, first)));
	}

	/**
	 * Makes the case's inserts as {@link #struck(FaultInjector, InsertOutcomes.Insert)} does, in calls of
	 * {@code batchSize} aggregates each.
	 * @param batch one call, of new aggregates with the references {@link InsertOutcomes#reference}
	 * @throws AssertionError if inserts are still running after the case's time limit: a retry hangs
	 */
	public static InsertOutcomes struck(FaultInjector faults, int batchSize, InsertOutcomes.Batch batch) throws Exception {
		faults.enable();
		try {
			return InsertOutcomes.run(THREADS, PER_THREAD, batchSize, CASE_LIMIT_SECONDS, batch);
		}
		finally {
			faults.disable();
		}
	}

	/** The references of every insert of a case, as {@link AggregateCensus#take} expects them. */
	public static Set<String> references() {
		return InsertOutcomes.references(THREADS, PER_THREAD);
	}

	/**
	 * The chance that an attempt's transaction is struck: 0.15 strikes 15 to 19% of inserts, since
	 * retries are struck too (except replays of lost commits, which do not commit). Lower costs
	 * coverage, higher costs time: every struck connection is replaced, and Hikari adds at most one
	 * connection per 30 ms. An orphaned PostgreSQL transaction also blocks the retry for about a
	 * second, until the server ends it, so the cases that orphan strike less often.
	 */
	public static double probability(Database database, Fault fault) {
		if (database != Database.POSTGRESQL) {
			return 0.15;
		}
		return switch (fault) {
			case DROPPED_AFTER_INSERT -> 0.03;
			case MIXED -> 0.10;
			default -> 0.15;
		};
	}

	/** The insert settings of a case, and log levels that keep the strikes' warnings out of the build log. */
	public static Map<String, Object> properties() {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put(PropertyNames.INSERT_MAX_ATTEMPTS, "40");
		properties.put("time-sorted-id.insert.initial-delay", "2ms");
		properties.put("time-sorted-id.insert.max-delay", "50ms");
		properties.put("time-sorted-id.insert.jitter", "1ms");
		// an INSERT blocked by an orphan's lock times out and is retried rather than waiting
		properties.put(PropertyNames.INSERT_ATTEMPT_TIMEOUT, "1s");
		// every strike would log warnings with stack traces (Hikari, the driver, PostgreSQL's server
		// log): tens of thousands of lines per run, while the outcome is counted, not read
		properties.put("logging.level.com.zaxxer.hikari", "error");
		properties.put("logging.level.org.mariadb.jdbc", "error");
		properties.put("logging.level.io.zonky.test.db.postgres", "warn");
		return properties;
	}

	/**
	 * Prints the case's line ({@code retry-safe inserts: <subject> fault=… inserts=… rows=… <child
	 * rows> duplicates=… lost=… false_conflicts=…}) and its details, then asserts that every insert
	 * is stored exactly once and whole, none gave up or met a conflict, the injector struck, and no
	 * orphaned transaction outlived the server's timeout.
	 * @param subject what was tested, e.g. {@code db=postgresql} or {@code api=jdbc db=postgresql}
	 * @param seconds how long the case took
	 */
	public static void verify(String subject, Fault fault, double seconds, FaultInjector faults,
			InsertOutcomes outcomes, AggregateCensus census) {
		System.out.printf("retry-safe inserts: %s fault=%s inserts=%d rows=%d %s duplicates=%d lost=%d false_conflicts=%d%n",
				subject, fault.label(), census.inserts(), census.rows(), census.childSummary(), census.duplicates(),
				census.lost(), outcomes.conflicts().size());
		System.out.printf("  (%.1f s; p=%.2f; struck %d: %s; created %d, replayed %d, gave up %d; incomplete aggregates %d)%n",
				seconds, faults.probability(), faults.injected(), faults.summary(), outcomes.created(),
				outcomes.replayed(), outcomes.gaveUp().size(), census.incomplete());
		if (!faults.timeoutFailures().isEmpty()) {
			System.out.println("  statement timeouts seen: " + faults.timeoutFailures());
		}
		if (faults.abandoned() > 0) {
			System.out.printf("  orphans: %d abandoned, %d ended by the server (%s), %d outlived it%n", faults.abandoned(),
					faults.orphansEndedByServer(), String.join(", ", faults.orphanEndings()), faults.orphansOutlived());
		}
		String gaveUp = InsertOutcomes.describe("gave up", outcomes.gaveUp());
		String conflicts = InsertOutcomes.describe("false conflicts", outcomes.conflicts());

		SoftAssertions softly = new SoftAssertions();
		// sizes, not lists: the failures themselves are summarized above
		softly.assertThat(outcomes.gaveUp().size()).as("inserts that gave up%s", gaveUp).isZero();
		softly.assertThat(faults.injected())
			.as("faults struck")
			.isGreaterThanOrEqualTo(fewestStrikes(outcomes.calls(), faults.probability()));
		if (fault == Fault.MIXED) {
			Stream.of(Fault.values())
				.filter(kind -> kind != Fault.MIXED)
				.forEach(kind -> softly.assertThat(faults.injected(kind))
					.as(kind.label() + " strikes in the mix")
					.isPositive());
		}
		softly.assertThat(census.unexpected()).as("stored references that no insert used").isEmpty();
		softly.assertThat(census.rows()).as("rows").isEqualTo(census.inserts());
		census.childRows()
			.forEach((children, rows) -> softly.assertThat(rows)
				.as(children.label())
				.isEqualTo((long) children.perAggregate() * census.inserts()));
		softly.assertThat(census.duplicates()).as("duplicates").isZero();
		softly.assertThat(census.lost()).as("lost").isZero();
		softly.assertThat(outcomes.conflicts().size()).as("false_conflicts%s", conflicts).isZero();
		softly.assertThat(faults.orphansOutlived()).as("orphaned transactions the server did not end by itself").isZero();
		softly.assertAll();
	}

	/**
	 * Four standard deviations below the strikes that first attempts alone draw, one per call: every first
	 * attempt sends all its INSERTs and commits, so each is struck with the probability, whatever
	 * the retries do. Fewer strikes than this means the injector is not striking.
	 */
	private static int fewestStrikes(int calls, double probability) {
		double mean = calls * probability;
		return (int) (mean - 4 * Math.sqrt(mean * (1 - probability)));
	}

}
