package io.github.timesortedid.jdbc.blog;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate with a snowflake {@code Long} ID. */
@Table
public class Reading {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id;

	private double celsius;

	Reading() {
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
