/**
 * Node IDs leased from the application's database, judged by the database's clock, with a high-water mark per node.
 */
@NullMarked
package io.github.timesortedid.lease;

import org.jspecify.annotations.NullMarked;
