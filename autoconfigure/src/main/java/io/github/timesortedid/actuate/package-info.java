/**
 * Actuator support: the {@code timesortedid} endpoint, which lists the application's
 * {@code @TimeSortedId} attributes and decodes any ID, and the node lease's health indicator.
 */
@NullMarked
package io.github.timesortedid.actuate;

import org.jspecify.annotations.NullMarked;
