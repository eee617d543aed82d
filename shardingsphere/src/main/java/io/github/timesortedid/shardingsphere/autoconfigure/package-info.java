/**
 * Spring Boot's side of the starter on a ShardingSphere-JDBC data source: the check of the shards'
 * tables and the failure analysis of a sharding algorithm's bad properties.
 */
@NullMarked
package io.github.timesortedid.shardingsphere.autoconfigure;

import org.jspecify.annotations.NullMarked;
