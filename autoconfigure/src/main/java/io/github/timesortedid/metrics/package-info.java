/**
 * Micrometer metrics of ID generation, retry-safe inserts and the node lease.
 */
@NullMarked
package io.github.timesortedid.metrics;

import org.jspecify.annotations.NullMarked;
