package io.github.timesortedid.jdbc.rentals;

/**
 * A damage an {@link Inspection} found: an entity in a list held by an entity in a set.
 * @param part the damaged part
 */
public record Damage(String part) {
}
