/**
 * Queries on the IDs themselves: time ranges and keyset pages by primary key
 * ({@link io.github.timesortedid.query.TimeRangeRepository}), and
 * {@link io.github.timesortedid.query.IdResolver}, which tells what any ID names and loads it.
 */
@NullMarked
package io.github.timesortedid.query;

import org.jspecify.annotations.NullMarked;
