/**
 * Retry-safe inserts: the primary key fixed before the first attempt is the idempotency key, so
 * a retry or a replayed request either inserts the row or finds the same data already stored.
 */
@NullMarked
package io.github.timesortedid.insert;

import org.jspecify.annotations.NullMarked;
