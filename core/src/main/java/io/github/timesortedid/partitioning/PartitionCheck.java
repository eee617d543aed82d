package io.github.timesortedid.partitioning;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.model.ConnectionSource;
import io.github.timesortedid.model.StartupRetry;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;

/**
 * Checks, once the session factory is up, that every table of {@code time-sorted-id.partitions}
 * that exists is partitioned by ranges of its ID (or, for a dependent table, of its foreign key to
 * it). A table of one piece is never converted silently: startup stops with the script that
 * converts it with its rows, as the schema check does for a column.
 */
public final class PartitionCheck {

	private PartitionCheck() {
	}

	/**
	 * Checks that the partitioned tables exist as the settings partition them, at startup.
	 * @param maintenance the partitioned tables
	 * @param access where to take a connection from
	 * @param now the current time
	 * @param retry how the reads run, e.g. again after a transient failure
	 * @throws TimeSortedIdConfigurationException if a table is not partitioned as configured
	 */
	public static void check(PartitionMaintenance maintenance, ConnectionSource access, Instant now, StartupRetry retry) {
		List<String> descriptions = new ArrayList<>();
		List<String> actions = new ArrayList<>();
		retry.read("The partition check of the tables of " + PropertyNames.PARTITIONS + "*", access, connection -> {
			descriptions.clear();
			actions.clear();
			PartitionDialect dialect = maintenance.dialect();
			for (PartitionedTable table : maintenance.tables()) {
				List<PartitionedTable.Part> whole = new ArrayList<>();
				String property = PropertyNames.PARTITIONS + table.entityName();
				for (PartitionedTable.Part part : table.parts()) {
					PartitionDialect.Status status = dialect.status(connection, part);
					String role = (part == table.parts().get(0)) ? "the table of " + table.entityName()
							: "which depends on the table of " + table.entityName();
					if (status == PartitionDialect.Status.WHOLE) {
						whole.add(part);
						descriptions.add("Table '" + part.name() + "' (" + role + ", " + property + ") is not partitioned.");
					}
					else if (status == PartitionDialect.Status.OTHER) {
						descriptions.add("Table '" + part.name() + "' (" + role + ", " + property
								+ ") is partitioned, but not by ranges of its column '" + part.column() + "'.");
						actions.add("Partition '" + part.name() + "' by ranges of '" + part.column() + "' (" + dialect.name()
								+ ": " + dialect.tableOptions(part) + ")");
					}
				}
				if (!whole.isEmpty()) {
					actions.add("Partition " + String.join(", ", whole.stream().map(PartitionedTable.Part::name).toList())
							+ " by ranges of their IDs, keeping the rows, with this script (the reference guide, page "
							+ "'Partitioned tables', explains it):" + System.lineSeparator()
							+ dialect.migration(connection, table, whole, now));
				}
			}
			return true;
		});
		if (!descriptions.isEmpty()) {
			String separator = System.lineSeparator();
			throw new TimeSortedIdConfigurationException(String.join(separator, descriptions),
					String.join(separator, actions) + separator + "Or remove " + PropertyNames.PARTITIONS
							+ "* to keep the tables whole, or set " + PropertyNames.SCHEMA_CHECK_ENABLED
							+ "=false to skip this check.");
		}
	}

}
