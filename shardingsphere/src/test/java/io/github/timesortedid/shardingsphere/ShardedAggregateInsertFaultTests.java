package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.shardingsphere.shop.Customer;
import io.github.timesortedid.shardingsphere.shop.CustomerRepository;
import io.github.timesortedid.shardingsphere.shop.Purchase;
import io.github.timesortedid.shardingsphere.shop.PurchaseRepository;
import io.github.timesortedid.shardingsphere.shop.ShopApplication;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FaultInjector;
import io.github.timesortedid.testsupport.FaultInjector.Fault;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Retry-safe inserts of Spring Data JDBC aggregates through ShardingSphere-JDBC with lost commits
 * on one of three PostgreSQL servers (ds_0, between its pool and the driver): 240 purchases of two
 * lines each from 2 threads through {@code AggregateInsertRepository.insert}. Afterwards, read on
 * each server with plain JDBC, every purchase is stored once, with both lines on its shard, and no
 * insert was answered with a conflict. A smaller run than the JPA matrix
 * ({@link ShardedRetrySafeInsertFaultTests}), which covers the other faults through the same inserter
 * transactions and ShardingSphere.
 */
class ShardedAggregateInsertFaultTests {

	private static final int THREADS = 2;

	private static final int PER_THREAD = 120;

	private static final int LINES = 2;

	@Test
	void everyAggregateLandsOnceAndWholeWhenCommitsAreLostOnOneShard() throws Exception {
		Map<String, DataSource> shards = PostgresShards.newDatabases();
		PostgresShards.runScript(shards, "sharding/shop-schema-postgresql.sql");
		FaultInjector faults = FaultInjector.wrap(Database.POSTGRESQL, Fault.LOST_COMMIT, 0.15, 1 + LINES);
		Map<String, DataSource> pools = new LinkedHashMap<>();
		shards.forEach((name, shard) -> pools.put(name,
				PostgresShards.pool(name, name.equals("ds_0") ? faults.around(shard) : shard, shard, THREADS * 2)));
		int created = 0;
		int replayed = 0;
		int conflicts = 0;
		List<Throwable> gaveUp = new ArrayList<>();
		try (ConfigurableApplicationContext shop = ShopApplication.start(PostgresShards.sharded(pools, "sharding/shop-mod.yaml"),
				Map.of(), PropertyNames.INSERT_MAX_ATTEMPTS + "=40", "time-sorted-id.insert.initial-delay=2ms",
				"time-sorted-id.insert.max-delay=50ms", PropertyNames.INSERT_ATTEMPT_TIMEOUT + "=1s",
				"logging.level.com.zaxxer.hikari=error", "logging.level.org.apache.shardingsphere=error",
				"logging.level.org.springframework.jdbc.support.JdbcTransactionManager=off")) {
			PurchaseRepository purchases = shop.getBean(PurchaseRepository.class);
			Customer ada = shop.getBean(CustomerRepository.class).save(new Customer("Ada"));
			faults.enable();
			ExecutorService threads = Executors.newFixedThreadPool(THREADS);
			try {
				List<Future<int[]>> results = new ArrayList<>();
				for (int t = 0; t < THREADS; t++) {
					int thread = t;
					results.add(threads.submit(() -> {
						int[] counts = new int[3];
						for (int i = 0; i < PER_THREAD; i++) {
							try {
								boolean made = purchases.insert(new Purchase(ada, "PLACED").line("ref-" + thread + "-" + i, 1)
									.line("ref-" + thread + "-" + i, 2)).created();
								counts[made ? 0 : 1]++;
							}
							catch (InsertConflictException ex) {
								counts[2]++;
							}
							catch (RuntimeException ex) {
								synchronized (gaveUp) {
									gaveUp.add(ex);
								}
							}
						}
						return counts;
					}));
				}
				for (Future<int[]> result : results) {
					int[] counts = result.get(120, TimeUnit.SECONDS);
					created += counts[0];
					replayed += counts[1];
					conflicts += counts[2];
				}
			}
			finally {
				threads.shutdownNow();
				faults.disable();
			}
		}
		finally {
			pools.values().forEach(pool -> ((HikariDataSource) pool).close());
			faults.close();
		}
		// each reference: the shards holding a purchase with it, and how many lines that purchase has there
		Map<String, List<Long>> stored = new HashMap<>();
		for (DataSource shard : shards.values()) {
			try (Connection connection = shard.getConnection(); Statement statement = connection.createStatement();
					ResultSet rows = statement.executeQuery("SELECT min(l.product), count(*) FROM purchase p "
							+ "JOIN purchase_line l ON l.purchase_id = p.id GROUP BY p.id")) {
				while (rows.next()) {
					stored.computeIfAbsent(rows.getString(1), ref -> new ArrayList<>()).add(rows.getLong(2));
				}
			}
		}
		System.out.printf("retry-safe aggregate inserts: db=postgresql-sharded fault=lost-commit inserts=%d stored=%d "
				+ "created=%d replayed=%d conflicts=%d gave_up=%d struck=%d%n", THREADS * PER_THREAD, stored.size(), created,
				replayed, conflicts, gaveUp.size(), faults.injected());
		SoftAssertions softly = new SoftAssertions();
		softly.assertThat(gaveUp).as("inserts that gave up").isEmpty();
		softly.assertThat(faults.injected()).as("faults struck").isPositive();
		softly.assertThat(replayed).as("inserts answered by a replay of a lost commit").isPositive();
		softly.assertThat(conflicts).as("false conflicts").isZero();
		softly.assertThat(stored).as("purchases stored").hasSize(THREADS * PER_THREAD);
		softly.assertThat(stored.values()).as("each stored once, with both lines on its shard")
			.allSatisfy(lines -> softly.assertThat(lines).containsExactly((long) LINES));
		softly.assertAll();
	}

}
