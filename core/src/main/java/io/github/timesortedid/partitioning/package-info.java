/**
 * Tables partitioned by the time inside their IDs: the settings of each table, the bounds of its
 * intervals, how PostgreSQL and MariaDB declare, list, make, fill and retire partitions, the
 * maintenance run and the startup check.
 */
@NullMarked
package io.github.timesortedid.partitioning;

import org.jspecify.annotations.NullMarked;
