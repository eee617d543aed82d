/**
 * The Spring Data JDBC adapter, which feeds the model from Spring Data JDBC's own mapping metadata
 * ({@code RelationalMappingContext}, {@code RelationalPersistentProperty}), never from Hibernate:
 * the {@code @TimeSortedId} attributes of aggregates and their entities ({@link AggregateIds}), the
 * callback that gives them IDs before a save, the aggregate template that inserts a new aggregate
 * whose ID was set ahead, and the converters of typed IDs.
 */
@NullMarked
package io.github.timesortedid.jdbc;

import org.jspecify.annotations.NullMarked;
