package io.github.timesortedid.shardingsphere;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.StartupRetry;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.schema.SchemaCheck;
import org.apache.shardingsphere.sharding.api.config.strategy.sharding.ShardingStrategyConfiguration;
import org.apache.shardingsphere.sharding.api.config.strategy.sharding.StandardShardingStrategyConfiguration;
import org.apache.shardingsphere.sharding.rule.BindingTableRule;
import org.apache.shardingsphere.sharding.rule.ShardingRule;
import org.apache.shardingsphere.sharding.rule.ShardingTable;
import org.apache.shardingsphere.sharding.spi.ShardingAlgorithm;
import org.jspecify.annotations.Nullable;

/**
 * Checks ShardingSphere's sharding rules against the IDs their columns hold, as the application's
 * mapping says (each column that holds IDs, with the attribute whose IDs they are: its own column,
 * the references and back references to it). Two mistakes that ShardingSphere accepts, and that
 * would otherwise surface only at the first statement naming the column, fail startup:
 * <ul>
 * <li>a {@code TIME_SORTED_ID_MOD} or {@code TIME_SORTED_ID_INTERVAL} algorithm whose
 * {@code prefix} (or {@code id-algorithm}, when its props name one) is not that of the IDs its
 * sharding column holds: every statement naming the column would fail with an
 * {@code InvalidIdException};</li>
 * <li>binding tables routed, at the same level (database or table strategy), by columns that hold
 * the IDs of different attributes whose IDs cannot be equal (another prefix or algorithm): their
 * rows would land on different shards.</li>
 * </ul>
 * Only standard strategies are read, and only columns the mapping names: a column the application
 * maps no {@code @TimeSortedId} attribute or reference to may hold IDs all the same (written by
 * plain SQL, or a string attribute that copies them), so it is left alone. Reads no database.
 */
public final class ShardingRuleCheck {

	private ShardingRuleCheck() {
	}

	/**
	 * Checks the rules of a data source, if it is ShardingSphere's with a sharding rule; does nothing
	 * otherwise.
	 * @param dataSource the application's data source, ShardingSphere's or a pool around it
	 * @param idColumns the columns that hold IDs, each with the attribute whose IDs it holds
	 * @param retry how the first connection runs, e.g. again after a transient failure
	 * @throws TimeSortedIdConfigurationException naming each sharding column that does not fit its IDs
	 */
	public static void check(DataSource dataSource, List<SchemaCheck.Target> idColumns, StartupRetry retry) {
		ShardSchemaCheck.Sharding sharding = ShardSchemaCheck.sharding(dataSource, retry, "The sharding rules' check");
		if (sharding == null || sharding.rule() == null || idColumns.isEmpty()) {
			return;
		}
		check(sharding.rule(), idColumns);
	}

	private static void check(ShardingRule rule, List<SchemaCheck.Target> idColumns) {
		Columns columns = new Columns(idColumns);
		List<String> problems = new ArrayList<>();
		Set<String> actions = new LinkedHashSet<>();
		for (ShardingTable table : rule.getShardingTables().values()) {
			for (Route route : routes(rule, table, columns)) {
				ShardingAlgorithm algorithm = rule.getShardingAlgorithms().get(route.algorithmName());
				IdColumn ids = (algorithm != null) ? idColumnOf(algorithm) : null;
				if (ids != null && route.holder() != null) {
					comparePrefix(route, algorithm.getType(), ids, problems, actions);
				}
			}
		}
		// the rules map each table of a group to the group's one rule
		Set<BindingTableRule> groups = Collections.newSetFromMap(new IdentityHashMap<>());
		for (BindingTableRule group : rule.getBindingTableRules().values()) {
			if (!groups.add(group)) {
				continue;
			}
			for (boolean database : new boolean[] { true, false }) {
				List<Route> routes = new ArrayList<>();
				for (ShardingTable table : group.getShardingTables().values()) {
					routes.addAll(routes(rule, table, columns).stream().filter(route -> route.database() == database).toList());
				}
				compareBinding(routes, columns, problems, actions);
			}
		}
		if (!problems.isEmpty()) {
			throw new TimeSortedIdConfigurationException(
					"ShardingSphere's sharding rules do not fit the IDs their columns hold:" + System.lineSeparator() + "- "
							+ String.join(System.lineSeparator() + "- ", problems) + System.lineSeparator(),
					"In the rules of the ShardingSphere YAML (the file spring.datasource.url names): " + String.join(" ", actions));
		}
	}

	/** The algorithm's props against the IDs of its column: prefix, separator, and the algorithm if named. */
	private static void comparePrefix(Route route, String type, IdColumn ids, List<String> problems, Set<String> actions) {
		IdField field = route.holder().field();
		String prefix = field.format().prefix();
		List<String> routed = new ArrayList<>();
		List<String> held = new ArrayList<>();
		List<String> props = new ArrayList<>();
		if (!ids.format().prefix().equals(prefix)) {
			routed.add("prefix " + quoted(ids.format().prefix()));
			held.add("prefix is " + quoted(prefix));
			props.add(IdColumn.PREFIX + ": " + (prefix.isEmpty() ? "(none)" : prefix));
		}
		else if (!prefix.isEmpty() && !ids.format().separator().equals(field.format().separator())) {
			routed.add("separator " + quoted(ids.format().separator()));
			held.add("separator is " + quoted(field.format().separator()));
			props.add(IdColumn.SEPARATOR + ": " + field.format().separator());
		}
		String algorithm = field.format().algorithm().name();
		if (ids.namedAlgorithm() != null && !ids.namedAlgorithm().equals(algorithm)) {
			routed.add(IdColumn.ID_ALGORITHM + " " + quoted(ids.namedAlgorithm()));
			held.add("algorithm is " + quoted(algorithm));
			props.add(IdColumn.ID_ALGORITHM + ": " + algorithm);
		}
		if (routed.isEmpty()) {
			return;
		}
		problems.add(route.column() + " is routed by the sharding algorithm '" + route.algorithmName() + "' (" + type
				+ ") with " + String.join(" and ", routed) + ", but it holds the IDs of " + route.holder().described()
				+ ", whose " + String.join(" and ", held) + ": every statement that names the column would fail "
				+ "(InvalidIdException)");
		actions.add("Give shardingAlgorithms." + route.algorithmName() + " the props of the IDs its sharding columns hold ("
				+ String.join(", ", props) + "); columns whose IDs differ need an algorithm each.");
	}

	/** Binding tables must be routed by the same IDs, or their rows land on different shards. */
	private static void compareBinding(List<Route> routes, Columns columns, List<String> problems, Set<String> actions) {
		Set<IdField> fields = new LinkedHashSet<>();
		routes.stream().filter(route -> route.holder() != null).forEach(route -> fields.add(route.holder().field()));
		// two attributes of one format may hold equal IDs (one assigned the other's); of two formats they cannot
		if (fields.stream().map(ShardingRuleCheck::format).distinct().count() < 2) {
			return;
		}
		List<String> tables = routes.stream().map(Route::table).distinct().toList();
		problems.add("The binding tables " + String.join(", ", tables) + " are routed by columns that hold different IDs: "
				+ String.join(", ", routes.stream().filter(route -> route.holder() != null)
					.map(route -> route.column() + " holds " + route.holder().described())
					.toList())
				+ "; binding tables must be routed by the same IDs to land on the same shard");
		// the attribute whose IDs every table of the group holds: the bound table's ID, the others' reference to it
		for (IdField shared : columns.sharedBy(tables, fields)) {
			for (Route route : routes) {
				if (route.holder() == null || !route.holder().field().equals(shared)) {
					Holder column = columns.holderIn(route.table(), shared);
					actions.add("Route " + route.table() + " by " + column.column() + ", which holds " + column.described() + ".");
				}
			}
			return;
		}
		actions.add("Route the binding tables " + String.join(", ", tables) + " by columns that hold the same IDs: the "
				+ "bound table's ID and, in the others, their reference to it.");
	}

	/** The standard strategies of a table, its database's and its table's, with the IDs of their columns. */
	private static List<Route> routes(ShardingRule rule, ShardingTable table, Columns columns) {
		List<Route> routes = new ArrayList<>();
		String logic = name(table.getLogicTable());
		for (boolean database : new boolean[] { true, false }) {
			ShardingStrategyConfiguration strategy = database ? rule.getDatabaseShardingStrategyConfiguration(table)
					: rule.getTableShardingStrategyConfiguration(table);
			if (strategy instanceof StandardShardingStrategyConfiguration standard) {
				String column = (standard.getShardingColumn() == null || standard.getShardingColumn().isBlank())
						? rule.getDefaultShardingColumn() : standard.getShardingColumn();
				if (column != null) {
					String qualified = logic + "." + name(column);
					routes.add(new Route(database, logic, qualified, standard.getShardingAlgorithmName(),
							columns.holderOf(qualified)));
				}
			}
		}
		return routes;
	}

	private static @Nullable IdColumn idColumnOf(ShardingAlgorithm algorithm) {
		if (algorithm instanceof TimeSortedIdModShardingAlgorithm mod) {
			return mod.idColumn();
		}
		return (algorithm instanceof TimeSortedIdIntervalShardingAlgorithm interval) ? interval.idColumn() : null;
	}

	/** What tells an attribute's IDs apart from another's: prefix, separator and algorithm. */
	private static String format(IdField field) {
		return field.format().prefix() + field.format().separator() + field.format().algorithm().name();
	}

	private static String quoted(String text) {
		return text.isEmpty() ? "none" : "'" + text + "'";
	}

	/** A name as the rules and the mappings may each write it, without quotes or schema, in lower case. */
	static String name(String name) {
		String bare = name.replace("\"", "").replace("`", "");
		return bare.substring(bare.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
	}

	/**
	 * One strategy of a sharded table.
	 * @param database whether it is the database strategy (else the table strategy)
	 * @param table the logical table
	 * @param column the sharding column, as {@code table.column}
	 * @param algorithmName the algorithm's name in the rules
	 * @param holder what the column holds, if the mapping says so unambiguously
	 */
	private record Route(boolean database, String table, String column, String algorithmName, @Nullable Holder holder) {
	}

	/**
	 * A column and the attribute whose IDs it holds.
	 * @param column the column, as {@code table.column}
	 * @param field the attribute
	 * @param role how it holds them, e.g. {@code references Post.id}
	 */
	private record Holder(String column, IdField field, String role) {

		/** {@code Purchase.id (a reference of Purchase.lines to Purchase.id)}, or the attribute alone for its own column. */
		String described() {
			return this.role.equals(this.field.toString()) ? this.field.toString() : this.field + " (" + this.role + ")";
		}

	}

	/** The columns that hold IDs, by {@code table.column} and by table. */
	private static final class Columns {

		private final Map<String, List<Holder>> byColumn = new LinkedHashMap<>();

		private final Map<String, List<Holder>> byTable = new LinkedHashMap<>();

		Columns(List<SchemaCheck.Target> targets) {
			for (SchemaCheck.Target target : targets) {
				String table = name(target.table());
				Holder holder = new Holder(table + "." + name(target.column()), target.field(), target.role());
				this.byColumn.computeIfAbsent(holder.column(), key -> new ArrayList<>()).add(holder);
				this.byTable.computeIfAbsent(table, key -> new ArrayList<>()).add(holder);
			}
		}

		/** What a column holds, if the mappings name one attribute for it. */
		@Nullable Holder holderOf(String column) {
			List<Holder> holders = this.byColumn.getOrDefault(column, List.of());
			boolean one = holders.stream().map(Holder::field).distinct().count() == 1;
			return one ? holders.get(0) : null;
		}

		/** The column of a table that holds an attribute's IDs, its own column first. */
		Holder holderIn(String table, IdField field) {
			List<Holder> holders = this.byTable.getOrDefault(table, List.of()).stream()
				.filter(holder -> holder.field().equals(field) && holderOf(holder.column()) != null)
				.toList();
			return holders.stream().filter(holder -> holder.role().equals(field.toString())).findFirst()
				.orElse(holders.get(0));
		}

		/** The attributes, of those given first, whose IDs every one of the tables holds in a column. */
		List<IdField> sharedBy(List<String> tables, Set<IdField> preferred) {
			Set<IdField> candidates = new LinkedHashSet<>(preferred);
			this.byTable.values().forEach(holders -> holders.forEach(holder -> candidates.add(holder.field())));
			return candidates.stream()
				.filter(field -> tables.stream().allMatch(table -> this.byTable.getOrDefault(table, List.of()).stream()
					.anyMatch(holder -> holder.field().equals(field) && holderOf(holder.column()) != null)))
				.toList();
		}

	}

}
