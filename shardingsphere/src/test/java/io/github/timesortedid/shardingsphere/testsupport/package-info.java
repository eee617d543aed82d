/** The PostgreSQL shards of the tests and what they need around ShardingSphere. */
@NullMarked
package io.github.timesortedid.shardingsphere.testsupport;

import org.jspecify.annotations.NullMarked;
