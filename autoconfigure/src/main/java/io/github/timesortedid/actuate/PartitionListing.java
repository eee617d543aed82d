package io.github.timesortedid.actuate;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionDescriptor;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionedTableDescriptor;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.Partition;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionSettings;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.jspecify.annotations.Nullable;

/** Reads the partitions of the partitioned tables from the database's catalog, for the endpoint. */
final class PartitionListing {

	private final TimeSortedIdRegistry registry;

	private final @Nullable DataSource dataSource;

	PartitionListing(TimeSortedIdRegistry registry, @Nullable DataSource dataSource) {
		this.registry = registry;
		this.dataSource = dataSource;
	}

	List<PartitionedTableDescriptor> describe() {
		PartitionMaintenance maintenance = this.registry.partitionMaintenance().orElse(null);
		if (maintenance == null || this.dataSource == null) {
			return List.of();
		}
		Map<String, List<Partition>> partitions = null;
		String error = null;
		try (Connection connection = this.dataSource.getConnection()) {
			partitions = maintenance.partitions(connection);
		}
		catch (SQLException ex) {
			error = ex.getMessage();
		}
		List<PartitionedTableDescriptor> tables = new ArrayList<>();
		for (PartitionedTable table : maintenance.tables()) {
			List<String> names = new ArrayList<>();
			names.add(table.table());
			names.addAll(table.dependents());
			PartitionSettings settings = table.settings();
			for (String name : names) {
				List<PartitionDescriptor> listed = (partitions != null) ? partitions.getOrDefault(name, List.of())
					.stream()
					.map(p -> new PartitionDescriptor(p.name(), p.bounds(), p.from(), p.to(), p.isDefault(), p.estimatedRows()))
					.toList() : List.of();
				tables.add(new PartitionedTableDescriptor(name, table.entityName(),
						name.equals(table.table()) ? null : table.table(), maintenance.database(),
						settings.interval().name().toLowerCase(Locale.ROOT), settings.premake(), settings.retention(),
						settings.retentionAction().name().toLowerCase(Locale.ROOT), listed, error));
			}
		}
		return tables;
	}

}
