package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import io.github.timesortedid.model.StartupCheckException;
import io.github.timesortedid.model.StartupRetry;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.apache.shardingsphere.driver.jdbc.core.connection.ShardingSphereConnection;
import org.apache.shardingsphere.infra.datanode.DataNode;
import org.apache.shardingsphere.infra.metadata.database.ShardingSphereDatabase;
import org.apache.shardingsphere.infra.metadata.database.resource.unit.StorageUnit;
import org.apache.shardingsphere.sharding.rule.ShardingRule;
import org.apache.shardingsphere.sharding.rule.ShardingTable;
import org.jspecify.annotations.Nullable;

/**
 * Checks that every shard's tables are alike: for each sharded table of ShardingSphere's rules, the
 * columns of each of its actual tables (name, type, size, nullability and, on PostgreSQL, collation)
 * are those of its first one. Read on each shard directly, since through ShardingSphere a schema is
 * read on one shard only: the starter's schema check reads the logical tables that way, so together
 * the two check the ID columns of every shard. ShardingSphere's own
 * {@code check-table-metadata-enabled} would do this, but in 5.5.2 it refuses tables that are alike
 * as soon as they have an index.
 */
public final class ShardSchemaCheck {

	private ShardSchemaCheck() {
	}

	/**
	 * Checks the shards behind a data source, if it is ShardingSphere's, reading each shard once;
	 * does nothing otherwise.
	 * @param dataSource the application's data source, ShardingSphere's or a pool around it
	 * @throws TimeSortedIdConfigurationException naming every column that differs, and where
	 * @throws StartupCheckException if a shard's schema cannot be read
	 */
	public static void check(DataSource dataSource) {
		check(dataSource, StartupRetry.ONCE);
	}

	/**
	 * Checks the shards behind a data source, if it is ShardingSphere's, with one read of the
	 * catalog per shard (two on PostgreSQL, whose collations come from {@code information_schema}),
	 * however many tables and columns it has; does nothing otherwise.
	 * @param dataSource the application's data source, ShardingSphere's or a pool around it
	 * @param retry how each shard's reads run, e.g. again after a transient failure
	 * @throws TimeSortedIdConfigurationException naming every column that differs, and where
	 * @throws StartupCheckException naming the shard whose schema cannot be read
	 */
	public static void check(DataSource dataSource, StartupRetry retry) {
		Sharding sharding = sharding(dataSource, retry, "The shards' check");
		if (sharding == null || sharding.rule() == null) {
			return;
		}
		ShardingRule rule = sharding.rule();
		Map<String, StorageUnit> units = sharding.units();
		Map<String, Set<String>> tablesByShard = new LinkedHashMap<>();
		for (ShardingTable table : rule.getShardingTables().values()) {
			for (DataNode node : table.getActualDataNodes()) {
				tablesByShard.computeIfAbsent(node.getDataSourceName(), name -> new LinkedHashSet<>())
					.add(node.getTableName().toLowerCase(Locale.ROOT));
			}
		}
		Map<String, Map<String, Map<String, String>>> columnsByShard = new LinkedHashMap<>();
		for (Map.Entry<String, Set<String>> shard : tablesByShard.entrySet()) {
			StorageUnit unit = units.get(shard.getKey());
			if (unit != null) {
				columnsByShard.put(shard.getKey(), retry.run("The shards' check, on shard " + shard.getKey() + ",",
						() -> columns(unit.getDataSource(), shard.getValue())));
			}
		}
		List<String> problems = new ArrayList<>();
		for (ShardingTable table : rule.getShardingTables().values()) {
			problems.addAll(compare(table, columnsByShard));
		}
		if (!problems.isEmpty()) {
			throw new TimeSortedIdConfigurationException(
					"The shards' tables differ, so what the schema check read on one shard does not hold for the others:"
							+ System.lineSeparator() + "- " + String.join(System.lineSeparator() + "- ", problems)
							+ System.lineSeparator(),
					"Give every shard the same tables (run each migration on every shard), or set "
							+ "time-sorted-id.schema-check.enabled=false to skip this check.");
		}
	}

	/** ShardingSphere's sharding rule, if it has one, and its storage units by name. */
	record Sharding(@Nullable ShardingRule rule, Map<String, StorageUnit> units) {
	}

	/**
	 * Reads ShardingSphere's rules and storage units behind a data source, or {@code null} if it is
	 * not ShardingSphere's.
	 * @param what the check that reads them, for the message of a failed connection
	 */
	static @Nullable Sharding sharding(DataSource dataSource, StartupRetry retry, String what) {
		// the data source's first connection starts the pool, and through it ShardingSphere, which reads
		// the shards' metadata: a late answer there fails the connection, not a read of this check
		return retry.run(what + ", at its first connection (which starts ShardingSphere, reading the shards' metadata),",
				() -> {
					try (Connection connection = dataSource.getConnection()) {
						if (!connection.isWrapperFor(ShardingSphereConnection.class)) {
							return null;
						}
						ShardingSphereConnection sharded = connection.unwrap(ShardingSphereConnection.class);
						ShardingSphereDatabase database = sharded.getContextManager()
							.getMetaDataContexts()
							.getMetaData()
							.getDatabase(sharded.getCurrentDatabaseName());
						return new Sharding(database.getRuleMetaData().findSingleRule(ShardingRule.class).orElse(null),
								database.getResourceMetaData().getStorageUnits());
					}
				});
	}

	private static List<String> compare(ShardingTable table, Map<String, Map<String, Map<String, String>>> columnsByShard) {
		List<String> problems = new ArrayList<>();
		String first = null;
		Map<String, String> expected = null;
		for (DataNode node : table.getActualDataNodes()) {
			Map<String, Map<String, String>> shard = columnsByShard.get(node.getDataSourceName());
			if (shard == null) {
				continue;
			}
			Map<String, String> columns = shard.getOrDefault(node.getTableName().toLowerCase(Locale.ROOT), Map.of());
			String where = node.getDataSourceName() + "." + node.getTableName();
			if (expected == null) {
				first = where;
				expected = columns;
				continue;
			}
			for (Map.Entry<String, String> column : expected.entrySet()) {
				String found = columns.get(column.getKey());
				if (!column.getValue().equals(found)) {
					problems.add(table.getLogicTable() + "." + column.getKey() + " is " + column.getValue() + " on " + first
							+ " but " + ((found != null) ? found : "missing") + " on " + where);
				}
			}
			for (String extra : columns.keySet()) {
				if (!expected.containsKey(extra)) {
					problems.add(table.getLogicTable() + "." + extra + " is on " + where + " but not on " + first);
				}
			}
		}
		return problems;
	}

	/**
	 * Each column of the given tables of one shard, by table and column name in lower case, as
	 * {@code varchar(31) collate C not null}: the columns of the connection's schema in one read,
	 * and on PostgreSQL their collations in one more.
	 */
	private static Map<String, Map<String, String>> columns(DataSource shard, Set<String> tables) throws SQLException {
		Map<String, Map<String, String>> columns = new LinkedHashMap<>();
		try (Connection connection = shard.getConnection()) {
			DatabaseMetaData metadata = connection.getMetaData();
			boolean postgresql = metadata.getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgresql");
			Map<String, String> collations = postgresql ? collations(connection) : Map.of();
			try (ResultSet rows = metadata.getColumns(connection.getCatalog(), connection.getSchema(), null, null)) {
				while (rows.next()) {
					String table = rows.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
					if (!tables.contains(table)) {
						continue;
					}
					String name = rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT);
					String collation = collations.get(table + "." + name);
					columns.computeIfAbsent(table, t -> new LinkedHashMap<>()).put(name,
							rows.getString("TYPE_NAME").toLowerCase(Locale.ROOT) + "(" + rows.getInt("COLUMN_SIZE") + ")"
									+ ((collation != null) ? " collate " + collation : "")
									+ ("NO".equals(rows.getString("IS_NULLABLE")) ? " not null" : ""));
				}
			}
		}
		return columns;
	}

	/** The collation of every column of the current schema that has one, by {@code table.column} in lower case. */
	private static Map<String, String> collations(Connection connection) throws SQLException {
		Map<String, String> collations = new HashMap<>();
		try (PreparedStatement statement = connection.prepareStatement("SELECT table_name, column_name, collation_name "
				+ "FROM information_schema.columns WHERE table_schema = current_schema() AND collation_name IS NOT NULL");
				ResultSet rows = statement.executeQuery()) {
			while (rows.next()) {
				collations.put((rows.getString(1) + "." + rows.getString(2)).toLowerCase(Locale.ROOT), rows.getString(3));
			}
		}
		return collations;
	}

}
