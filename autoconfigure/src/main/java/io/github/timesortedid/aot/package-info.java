/**
 * Ahead-of-time processing and GraalVM native images: runtime hints for what Hibernate, Spring and
 * the library reach by reflection, by name or through {@code META-INF/services}, and, at build
 * time, for the typed ID classes of the application's entities.
 */
@NullMarked
package io.github.timesortedid.aot;

import org.jspecify.annotations.NullMarked;
