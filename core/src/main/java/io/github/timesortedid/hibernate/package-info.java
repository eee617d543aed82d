/**
 * The Hibernate ORM adapter: the {@code @TimeSortedId} generator and attribute binder, the Java and
 * JDBC types of typed and binary IDs, column shaping, the integrator that registers the mapped
 * attributes in the model and runs the startup checks, and the lookups of partitioned tables.
 * Found by Hibernate through {@code META-INF/services}, with or without Spring.
 */
@NullMarked
package io.github.timesortedid.hibernate;

import org.jspecify.annotations.NullMarked;
