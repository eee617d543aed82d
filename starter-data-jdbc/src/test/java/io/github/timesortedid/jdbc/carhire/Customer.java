package io.github.timesortedid.jdbc.carhire;

import io.github.timesortedid.TimeSortedId;

/**
 * A customer as Spring Data JDBC sees a JPA entity: its ID is a {@code @TimeSortedId} attribute,
 * but without Spring Data's {@code @Id} (a JPA entity has {@code @jakarta.persistence.Id}, which
 * Spring Data JDBC does not know), and not named {@code id}.
 */
public class Customer {

	@TimeSortedId(prefix = "cus")
	private String number;

	private String name;

	Customer() {
	}

	public String getNumber() {
		return this.number;
	}

	public String getName() {
		return this.name;
	}

}
