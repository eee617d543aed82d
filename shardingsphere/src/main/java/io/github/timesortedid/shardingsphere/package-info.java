/**
 * Apache ShardingSphere-JDBC's sharding algorithms {@code TIME_SORTED_ID_INTERVAL} (by the time
 * inside the ID) and {@code TIME_SORTED_ID_MOD} (evenly, by its random bits), and the key generator
 * {@code TIME_SORTED_ID}, found by ShardingSphere through {@code META-INF/services} and configured in
 * its YAML, with or without Spring.
 */
@NullMarked
package io.github.timesortedid.shardingsphere;

import org.jspecify.annotations.NullMarked;
