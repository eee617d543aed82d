package io.github.timesortedid.shardingsphere;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

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
	 * Checks the shards behind a data source, if it is ShardingSphere's; does nothing otherwise.
	 * @param dataSource the application's data source, ShardingSphere's or a pool around it
	 * @throws TimeSortedIdConfigurationException naming every column that differs, and where
	 * @throws SQLException if a shard's schema cannot be read
	 */
	public static void check(DataSource dataSource) throws SQLException {
		try (Connection connection = dataSource.getConnection()) {
			if (!connection.isWrapperFor(ShardingSphereConnection.class)) {
				return;
			}
			ShardingSphereConnection sharded = connection.unwrap(ShardingSphereConnection.class);
			ShardingSphereDatabase database = sharded.getContextManager()
				.getMetaDataContexts()
				.getMetaData()
				.getDatabase(sharded.getCurrentDatabaseName());
			ShardingRule rule = database.getRuleMetaData().findSingleRule(ShardingRule.class).orElse(null);
			if (rule == null) {
				return;
			}
			Map<String, StorageUnit> units = database.getResourceMetaData().getStorageUnits();
			List<String> problems = new ArrayList<>();
			for (ShardingTable table : rule.getShardingTables().values()) {
				problems.addAll(compare(table, units));
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
	}

	private static List<String> compare(ShardingTable table, Map<String, StorageUnit> units) throws SQLException {
		List<String> problems = new ArrayList<>();
		String first = null;
		Map<String, String> expected = null;
		for (DataNode node : table.getActualDataNodes()) {
			StorageUnit unit = units.get(node.getDataSourceName());
			if (unit == null) {
				continue;
			}
			Map<String, String> columns = columns(unit.getDataSource(), node.getTableName());
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

	/** Each column of a shard's table, as {@code varchar(31) collate C not null}. */
	private static Map<String, String> columns(DataSource shard, String table) throws SQLException {
		Map<String, String> columns = new LinkedHashMap<>();
		try (Connection connection = shard.getConnection()) {
			DatabaseMetaData metadata = connection.getMetaData();
			String stored = metadata.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
			boolean postgresql = metadata.getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgresql");
			try (ResultSet rows = metadata.getColumns(connection.getCatalog(), connection.getSchema(), stored, null)) {
				while (rows.next()) {
					String name = rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT);
					String collation = postgresql ? collation(connection, stored, rows.getString("COLUMN_NAME")) : null;
					columns.put(name, rows.getString("TYPE_NAME").toLowerCase(Locale.ROOT) + "(" + rows.getInt("COLUMN_SIZE") + ")"
							+ ((collation != null) ? " collate " + collation : "")
							+ ("NO".equals(rows.getString("IS_NULLABLE")) ? " not null" : ""));
				}
			}
		}
		return columns;
	}

	private static @Nullable String collation(Connection connection, String table, String column) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement("SELECT collation_name FROM information_schema.columns "
				+ "WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?")) {
			statement.setString(1, table);
			statement.setString(2, column);
			try (ResultSet result = statement.executeQuery()) {
				return result.next() ? result.getString(1) : null;
			}
		}
	}

}
