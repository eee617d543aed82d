/**
 * The one model of the mapped IDs, shared by the persistence integrations (Hibernate/JPA and Spring
 * Data JDBC), which feed it from their own mapping metadata: the settings, the registry of
 * {@code @TimeSortedId} attributes with their formats and Java types, the catalog that parses any
 * ID, and what differs between databases for ID columns.
 */
@NullMarked
package io.github.timesortedid.model;

import org.jspecify.annotations.NullMarked;
