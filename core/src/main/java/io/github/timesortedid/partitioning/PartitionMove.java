package io.github.timesortedid.partitioning;

import java.util.List;

/**
 * Rows of one interval moved out of a table's default partition (and its dependents') into the
 * partition made for them, by a maintenance run on PostgreSQL.
 *
 * @param table the entity's table
 * @param partition the partition of the entity's table they moved into
 * @param rows the rows moved, the dependents' included
 * @param foreignKeys the foreign keys dropped for the move and made again, as {@code table.constraint}:
 * those without an index on their column, or with rows that referenced moving rows
 */
public record PartitionMove(String table, String partition, long rows, List<String> foreignKeys) {
}
