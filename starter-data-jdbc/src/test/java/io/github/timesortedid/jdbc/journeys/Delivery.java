package io.github.timesortedid.jdbc.journeys;

/**
 * A parcel delivered at a {@link JourneyStop}: an entity held by a held entity, whose table refers
 * to the journey by its ID, since the stop has none, and is partitioned with the journey's.
 * @param parcel the parcel's label
 */
// tag::delivery[]
public record Delivery(String parcel) {
}
// end::delivery[]
