package io.github.timesortedid.jdbc.journeys;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A delivery journey as a Spring Data JDBC aggregate: a {@code uuidv7} ID, whose time cuts its table
 * into a partition a day, and its stops in order, whose table refers back to the journey and is
 * partitioned alike.
 */
// tag::aggregate[]
@Table
public class Journey {

	@Id
	@TimeSortedId(prefix = "jrn", algorithm = "uuidv7")
	private String id;

	private String driver;

	private List<JourneyStop> stops = new ArrayList<>();

	// end::aggregate[]
	Journey() {
	}

	public Journey(String driver, String... places) {
		this.driver = driver;
		for (String place : places) {
			this.stops.add(new JourneyStop(place));
		}
	}

	/**
	 * A journey along stops where parcels are delivered.
	 * @param driver the driver
	 * @param stops the stops, in order
	 */
	public Journey(String driver, List<JourneyStop> stops) {
		this.driver = driver;
		this.stops.addAll(stops);
	}

	public String getId() {
		return this.id;
	}

	public String getDriver() {
		return this.driver;
	}

	public List<JourneyStop> getStops() {
		return this.stops;
	}

	// tag::aggregate[]
}
// end::aggregate[]
