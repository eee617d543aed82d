package io.github.timesortedid.actuate;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import javax.sql.DataSource;

import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionDescriptor;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionedTableDescriptor;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partition.PartitionMaintainer;
import io.github.timesortedid.partition.PartitionMaintainer.LastFailure;
import io.github.timesortedid.partitioning.Partition;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionSettings;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.jspecify.annotations.Nullable;

/**
 * Reads the partitions of the partitioned tables from the database's catalog, and the rows in
 * their default partitions, for the endpoint, with the last failure of their maintenance that the
 * maintainer keeps.
 */
final class PartitionListing {

	private final TimeSortedIdRegistry registry;

	private final @Nullable DataSource dataSource;

	private final Supplier<@Nullable PartitionMaintainer> maintainer;

	PartitionListing(TimeSortedIdRegistry registry, @Nullable DataSource dataSource,
			Supplier<@Nullable PartitionMaintainer> maintainer) {
		this.registry = registry;
		this.dataSource = dataSource;
		this.maintainer = maintainer;
	}

	List<PartitionedTableDescriptor> describe() {
		PartitionMaintenance maintenance = this.registry.partitionMaintenance().orElse(null);
		if (maintenance == null || this.dataSource == null) {
			return List.of();
		}
		Map<String, List<Partition>> partitions = null;
		Map<String, Long> defaultRows = Map.of();
		String error = null;
		try (Connection connection = this.dataSource.getConnection()) {
			partitions = maintenance.partitions(connection);
			defaultRows = maintenance.defaultRows(connection);
		}
		catch (SQLException ex) {
			error = ex.getMessage();
		}
		PartitionMaintainer maintainer = this.maintainer.get();
		List<PartitionedTableDescriptor> tables = new ArrayList<>();
		for (PartitionedTable table : maintenance.tables()) {
			List<String> names = new ArrayList<>();
			names.add(table.table());
			names.addAll(table.dependents());
			PartitionSettings settings = table.settings();
			LastFailure failure = (maintainer != null) ? maintainer.lastFailure(table.table()).orElse(null) : null;
			for (String name : names) {
				List<PartitionDescriptor> listed = (partitions != null) ? partitions.getOrDefault(name, List.of())
					.stream()
					.map(p -> new PartitionDescriptor(p.name(), p.bounds(), p.from(), p.to(), p.isDefault(), p.estimatedRows()))
					.toList() : List.of();
				tables.add(new PartitionedTableDescriptor(name, table.entityName(),
						name.equals(table.table()) ? null : table.table(), maintenance.database(),
						settings.interval().name().toLowerCase(Locale.ROOT), settings.premake(), settings.retention(),
						settings.retentionAction().name().toLowerCase(Locale.ROOT), settings.archiveSchema(), listed,
						defaultRows.get(name), failure, error));
			}
		}
		return tables;
	}

}
