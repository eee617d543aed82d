/**
 * The Hibernate dialect for PostgreSQL shards behind ShardingSphere-JDBC, which writes pages in the
 * form ShardingSphere rewrites correctly across shards, and the resolver that picks it.
 */
@NullMarked
package io.github.timesortedid.shardingsphere.hibernate;

import org.jspecify.annotations.NullMarked;
