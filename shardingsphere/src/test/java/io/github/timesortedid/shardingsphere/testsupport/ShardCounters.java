package io.github.timesortedid.shardingsphere.testsupport;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.testsupport.StatementCounter;

/**
 * The shards as ShardingSphere gets them, each a pool around a {@link StatementCounter}: which
 * shards a statement of the application reached is then counted on the shards' side, not taken
 * from ShardingSphere's word.
 */
public final class ShardCounters implements AutoCloseable {

	private final Map<String, StatementCounter> counters = new LinkedHashMap<>();

	private final Map<String, HikariDataSource> pools = new LinkedHashMap<>();

	/**
	 * Pools and counts the given shards.
	 * @param shards the shards by name
	 */
	public ShardCounters(Map<String, DataSource> shards) {
		shards.forEach((name, shard) -> {
			StatementCounter counter = new StatementCounter();
			HikariDataSource pool = PostgresShards.pool(name, counter.around(shard), shard, 4);
			this.counters.put(name, counter);
			this.pools.put(name, pool);
		});
	}

	/** The pools, by shard name, for ShardingSphere. */
	public Map<String, DataSource> dataSources() {
		return new LinkedHashMap<>(this.pools);
	}

	/** Forgets the statements counted so far. */
	public void reset() {
		this.counters.values().forEach(StatementCounter::reset);
	}

	/** How many shards received a statement that reads the table since the last reset. */
	public int shardsReading(String table) {
		String from = "from " + table.toLowerCase(Locale.ROOT);
		return (int) this.counters.values()
			.stream()
			.filter(counter -> counter.statements()
				.stream()
				.map(sql -> sql.toLowerCase(Locale.ROOT).replaceAll("\\s+", " "))
				.anyMatch(sql -> sql.startsWith("select") && sql.contains(from + " ")))
			.count();
	}

	@Override
	public void close() {
		this.pools.values().forEach(HikariDataSource::close);
	}

}
