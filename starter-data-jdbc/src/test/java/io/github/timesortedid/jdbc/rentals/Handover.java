package io.github.timesortedid.jdbc.rentals;

/**
 * The handover of a {@link Rental}'s car: an entity the rental holds alone, without an ID, in a
 * table of its own with one row per rental.
 * @param place where the car was handed over
 * @param fuel the fuel level, in percent
 */
public record Handover(String place, int fuel) {
}
