/**
 * The public face of time-sorted-id: the {@link io.github.timesortedid.TimeSortedId} annotation that
 * gives an entity attribute its IDs, typed IDs ({@link io.github.timesortedid.TypedId},
 * {@link io.github.timesortedid.IdPrefix}, {@link io.github.timesortedid.TypedIds}) and
 * {@link io.github.timesortedid.TimeSortedIds}, which mints IDs ahead of a request.
 */
@NullMarked
package io.github.timesortedid;

import org.jspecify.annotations.NullMarked;
