package io.github.timesortedid.jdbc.journeys;

/**
 * The vehicle of a {@link Journey} as it left: an entity the journey holds alone, not in a
 * collection, without an ID, in a table of its own that refers back to the journey and is
 * partitioned with the journey's. Spring Data JDBC joins it into the statements that load journeys.
 * @param plate the number plate
 * @param odometer the odometer's reading at departure, in kilometres
 */
// tag::vehicle[]
public record Vehicle(String plate, int odometer) {
}
// end::vehicle[]
