package io.github.timesortedid.query;

import java.util.List;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.partitioning.Partition;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.jspecify.annotations.Nullable;

/**
 * What {@link TimeRangeRepositoryImpl} asks of a persistence API: the rows of a domain type whose ID
 * lies between bounds, in ID order, as whole entities or aggregates; and the partitions of a
 * partitioned table. Which rows and in which order are decided before: here bounds are already in ID
 * order (mirrored for newest-first IDs).
 */
interface RangeQueries {

	/**
	 * Finds the rows whose ID lies between optional bounds, in ID order or its reverse.
	 * @param <T> the domain type
	 * @param domainType the repository's domain type
	 * @param field its ID attribute
	 * @param lower the lowest ID, or {@code null}
	 * @param upper the highest ID, or {@code null}
	 * @param ascending whether lowest IDs come first
	 * @param limit the most rows, or {@code null} for all
	 * @return the rows
	 */
	<T> List<T> find(Class<T> domainType, IdField field, @Nullable Bound lower, @Nullable Bound upper, boolean ascending,
			@Nullable Integer limit);

	/**
	 * Lists a partitioned table's partitions as the catalog has them now, on the connection of the
	 * caller's transaction if it has one.
	 * @param maintenance the maintenance of the partitioned tables
	 * @param table the table
	 * @return its partitions
	 */
	List<Partition> partitions(PartitionMaintenance maintenance, PartitionedTable table);

	/**
	 * An ID bound of a query.
	 * @param id the ID, as the attribute holds it
	 * @param inclusive whether rows with exactly this ID are in
	 */
	record Bound(Object id, boolean inclusive) {

	}

}
