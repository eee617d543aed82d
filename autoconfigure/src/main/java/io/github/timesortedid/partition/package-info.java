/**
 * Partitioned tables by the time inside their IDs: the maintenance that keeps partitions ready
 * ahead, retires those past retention and moves rows out of the default partition, at startup and
 * on a schedule ({@link io.github.timesortedid.partition.PartitionMaintainer}).
 */
@NullMarked
package io.github.timesortedid.partition;

import org.jspecify.annotations.NullMarked;
