/**
 * The Hibernate ORM integration: the {@code @TimeSortedId} generator, the registry of the mapped
 * attributes and their formats, the column shaping and schema check at startup, and the settings.
 * Found by Hibernate through {@code META-INF/services}, with or without Spring.
 */
@NullMarked
package io.github.timesortedid.hibernate;

import org.jspecify.annotations.NullMarked;
