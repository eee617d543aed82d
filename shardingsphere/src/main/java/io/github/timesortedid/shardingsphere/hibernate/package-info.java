/**
 * Hibernate dialects for shards behind ShardingSphere-JDBC, which write pages in the form
 * ShardingSphere rewrites correctly across shards, and the resolver that picks them.
 */
@NullMarked
package io.github.timesortedid.shardingsphere.hibernate;

import org.jspecify.annotations.NullMarked;
