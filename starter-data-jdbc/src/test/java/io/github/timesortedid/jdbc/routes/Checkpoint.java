package io.github.timesortedid.jdbc.routes;

/**
 * A checkpoint of a {@link Leg}, whose table refers to the leg by the leg's ID.
 * @param name the checkpoint's name
 */
public record Checkpoint(String name) {
}
