package io.github.timesortedid.compat.app;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A {@code Long} Snowflake key. */
@Entity
public class Reading {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id;

	private double celsius;

	protected Reading() {
	}

	public Reading(double celsius) {
		this.celsius = celsius;
	}

	public Long getId() {
		return this.id;
	}

	public double getCelsius() {
		return this.celsius;
	}

}
