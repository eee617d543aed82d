/**
 * The sharded shop: a Spring Data JDBC application over three shards, with customers and purchases
 * whose lines are bound to their purchase's shard; no JPA.
 */
@NullMarked
package io.github.timesortedid.shardingsphere.shop;

import org.jspecify.annotations.NullMarked;
