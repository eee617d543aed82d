/**
 * The one description of the {@code time-sorted-id.*} settings, and the reader that binds it without Spring.
 */
@NullMarked
package io.github.timesortedid.config;

import org.jspecify.annotations.NullMarked;
