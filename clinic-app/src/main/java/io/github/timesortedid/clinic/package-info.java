/**
 * A veterinary clinic built the way many teams build a Spring Boot application, with typed,
 * time-sorted IDs.
 */
package io.github.timesortedid.clinic;
