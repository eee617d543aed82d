package io.github.timesortedid.jdbc.rentals;

import java.util.List;

/**
 * An inspection of the vehicle: an entity inside the aggregate without an ID, held in a set, so
 * that its table has neither a key of its own nor a key column; the damages it found are a list,
 * whose rows Spring Data JDBC keys by the rental and their index in the list alone, which repeats
 * between two inspections.
 * @param kind what was inspected
 * @param odometer the odometer's reading
 * @param damages the damages found, in order
 */
public record Inspection(String kind, int odometer, List<Damage> damages) {

	/**
	 * An inspection that found nothing.
	 * @param kind what was inspected
	 * @param odometer the odometer's reading
	 */
	public Inspection(String kind, int odometer) {
		this(kind, odometer, List.of());
	}

}
