package io.github.timesortedid.jdbc.journeys;

/** A stop of a {@link Journey}, in a list: an entity without an ID, in a table of its own. */
public record JourneyStop(String place) {

}
