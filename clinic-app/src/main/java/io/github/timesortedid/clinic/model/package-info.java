/**
 * The base classes of the clinic's entities.
 */
package io.github.timesortedid.clinic.model;
