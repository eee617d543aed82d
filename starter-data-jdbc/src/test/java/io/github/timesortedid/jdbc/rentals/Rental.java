package io.github.timesortedid.jdbc.rentals;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.timesortedid.TimeSortedId;
import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A car rental as a Spring Data JDBC aggregate: a typed ID, the customer's typed ID, its handover
 * held alone, charges with IDs of their own in a list, and inspections without IDs in a set.
 */
@Table
public class Rental {

	@Id
	@TimeSortedId
	private @Nullable RentalId id;

	private @Nullable CustomerId customer;

	private String vehicle;

	private @Nullable Handover handover;

	private List<Charge> charges = new ArrayList<>();

	private Set<Inspection> inspections = new LinkedHashSet<>();

	Rental() {
		this.vehicle = "";
	}

	/**
	 * A new rental.
	 * @param vehicle the vehicle
	 */
	public Rental(String vehicle) {
		this.vehicle = vehicle;
	}

	/**
	 * The rental's ID.
	 * @return the ID, {@code null} before the first save
	 */
	public @Nullable RentalId getId() {
		return this.id;
	}

	/**
	 * The customer.
	 * @return the customer's ID
	 */
	public @Nullable CustomerId getCustomer() {
		return this.customer;
	}

	/**
	 * Sets the customer.
	 * @param customer the customer's ID
	 */
	public void setCustomer(@Nullable CustomerId customer) {
		this.customer = customer;
	}

	/**
	 * The vehicle.
	 * @return the vehicle
	 */
	public String getVehicle() {
		return this.vehicle;
	}

	/**
	 * The handover.
	 * @return the handover, {@code null} before it
	 */
	public @Nullable Handover getHandover() {
		return this.handover;
	}

	/**
	 * Sets the handover.
	 * @param handover the handover
	 */
	public void setHandover(@Nullable Handover handover) {
		this.handover = handover;
	}

	/**
	 * The charges.
	 * @return the charges, in order
	 */
	public List<Charge> getCharges() {
		return this.charges;
	}

	/**
	 * The inspections.
	 * @return the inspections
	 */
	public Set<Inspection> getInspections() {
		return this.inspections;
	}

}
