package io.github.timesortedid.jdbc.rentals;

/**
 * An inspection of the vehicle: an entity inside the aggregate without an ID, held in a set, so
 * that its table has neither a key of its own nor a key column.
 * @param kind what was inspected
 * @param odometer the odometer's reading
 */
public record Inspection(String kind, int odometer) {
}
