package io.github.timesortedid.jdbc.journeys;

import java.util.List;

/**
 * A stop of a {@link Journey}, in a list: an entity without an ID, in a table of its own, which
 * holds the parcels delivered there in a table of their own too.
 * @param place where the journey stops
 * @param deliveries the parcels delivered at the stop
 */
// tag::stop[]
public record JourneyStop(String place, List<Delivery> deliveries) {
	// end::stop[]

	/**
	 * A stop where nothing is delivered.
	 * @param place where the journey stops
	 */
	public JourneyStop(String place) {
		this(place, List.of());
	}

	// tag::stop[]
}
// end::stop[]
