package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.partitions.PartitionsApplication;
import io.github.timesortedid.autoconfigure.fixtures.store.StoreApplication;
import io.github.timesortedid.autoconfigure.fixtures.shop.ShopApplication;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Starts the partitioned blog on a database with a settable clock: posts partitioned by month,
 * four months ahead, unless the properties say otherwise; or the shop, orders and payments
 * partitioned by month.
 */
final class PartitionsContext implements AutoCloseable {

	final SettableClock clock;

	final DataSource dataSource;

	final ConfigurableApplicationContext context;

	final JdbcTemplate jdbc;

	final Database database;

	PartitionsContext(Database database, DataSource dataSource, Instant now, Map<String, Object> properties) {
		this(PartitionsApplication.class, database, dataSource, now, withPosts(properties));
	}

	/**
	 * Starts an application on a database with a settable clock, creating its schema unless the
	 * properties say otherwise; a property whose value is {@code null} is left out.
	 */
	PartitionsContext(Class<?> application, Database database, DataSource dataSource, Instant now,
			Map<String, Object> properties) {
		this.database = database;
		this.clock = new SettableClock(now);
		this.dataSource = dataSource;
		Map<String, Object> all = new LinkedHashMap<>();
		all.put("spring.jpa.hibernate.ddl-auto", "create");
		all.putAll(properties);
		all.values().removeIf(value -> value == null);
		this.context = new SpringApplicationBuilder(application).web(WebApplicationType.NONE)
			.initializers(ctx -> {
				ctx.getBeanFactory().registerSingleton("dataSource", dataSource);
				ctx.getBeanFactory().registerSingleton("clock", this.clock);
			})
			.properties(all)
			.run();
		this.jdbc = new JdbcTemplate(dataSource);
	}

	private static Map<String, Object> withPosts(Map<String, Object> properties) {
		Map<String, Object> all = new LinkedHashMap<>();
		all.put("time-sorted-id.partitions.Post.interval", "month");
		all.putAll(properties);
		return all;
	}

	/**
	 * Starts the store ({@link StoreApplication}): base62 IDs in text columns, orders and payments
	 * partitioned by month, one month ahead, unless the properties say otherwise.
	 */
	static PartitionsContext store(Database database, DataSource dataSource, Instant now, Map<String, Object> properties) {
		Map<String, Object> all = new LinkedHashMap<>();
		all.put("time-sorted-id.uuidv7.encoding", "base62");
		all.put("time-sorted-id.partitions.PurchaseOrder.interval", "month");
		all.put("time-sorted-id.partitions.PurchaseOrder.premake", "1");
		all.put("time-sorted-id.partitions.Payment.interval", "month");
		all.put("time-sorted-id.partitions.Payment.premake", "1");
		all.putAll(properties);
		return new PartitionsContext(StoreApplication.class, database, dataSource, now, all);
	}

	static PartitionsContext start(Database database, Instant now, Map<String, Object> properties) {
		return new PartitionsContext(database, database.newDatabase(), now, properties);
	}

	/** The shop on a new database: orders and payments partitioned by month, unless the properties say otherwise. */
	static PartitionsContext shop(Database database, Instant now, Map<String, Object> properties) {
		Map<String, Object> all = new LinkedHashMap<>();
		all.put("time-sorted-id.partitions.PurchaseOrder.interval", "month");
		all.put("time-sorted-id.partitions.Payment.interval", "month");
		all.putAll(properties);
		return new PartitionsContext(ShopApplication.class, database, database.newDatabase(), now, all);
	}

	<T> T bean(Class<T> type) {
		return this.context.getBean(type);
	}

	PartitionMaintainer maintainer() {
		return bean(PartitionMaintainer.class);
	}

	/** The partitions of a table by name, lowest first, the default one last. */
	List<String> partitionNames(String table) throws Exception {
		return maintainer().partitions().get(table).stream().map(p -> p.name()).toList();
	}

	/** The partition that holds a row: PostgreSQL's {@code tableoid}, MariaDB's {@code PARTITION (p)} tried one by one. */
	String partitionOf(String table, String column, Object value) throws Exception {
		if (this.database == Database.POSTGRESQL) {
			return this.jdbc.queryForObject("SELECT DISTINCT tableoid::regclass::text FROM " + table + " WHERE " + column + " = ?",
					String.class, value);
		}
		for (String partition : partitionNames(table)) {
			if (this.jdbc.queryForObject("SELECT count(*) FROM " + table + " PARTITION (" + partition + ") WHERE " + column
					+ " = ?", Long.class, value) > 0) {
				return partition;
			}
		}
		return null;
	}

	@Override
	public void close() {
		this.context.close();
	}

}
