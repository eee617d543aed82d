package com.example.kits;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** A small aggregate whose {@code Long} identity key became a {@code snowflake} one: still a bigint. */
public class Robot {

	// tag::snowflake[]
	@Id
	@TimeSortedId(algorithm = "snowflake")
	Long id;
	// end::snowflake[]

	String name;

	public Robot(String name) {
		this.name = name;
	}

	public Long getId() {
		return this.id;
	}

	public void setId(Long id) {
		this.id = id;
	}

	public String getName() {
		return this.name;
	}

}
