package io.github.timesortedid.jdbc.journeys;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A delivery journey as a Spring Data JDBC aggregate: a {@code uuidv7} ID, whose time cuts its table
 * into a partition a day, its vehicle and its stops in order, whose tables refer back to the journey
 * and are partitioned alike.
 */
// tag::aggregate[]
@Table
public class Journey {

	@Id
	@TimeSortedId(prefix = "jrn", algorithm = "uuidv7")
	private String id;

	private String driver;

	private Vehicle vehicle;

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
	 * A journey in a vehicle along stops where parcels are delivered.
	 * @param driver the driver
	 * @param vehicle the vehicle
	 * @param stops the stops, in order
	 */
	public Journey(String driver, Vehicle vehicle, List<JourneyStop> stops) {
		this(driver, stops);
		this.vehicle = vehicle;
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

	public Vehicle getVehicle() {
		return this.vehicle;
	}

	public List<JourneyStop> getStops() {
		return this.stops;
	}

	// tag::aggregate[]
}
// end::aggregate[]
