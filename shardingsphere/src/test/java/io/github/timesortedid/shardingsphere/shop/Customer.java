package io.github.timesortedid.shardingsphere.shop;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A customer: table {@code customer}, sharded by its own ID ({@code cust_…}). */
@Table
public class Customer {

	@Id
	@TimeSortedId(prefix = "cust")
	private String id;

	private String name;

	Customer() {
	}

	/** Creates a customer; its ID is minted when it is saved. */
	public Customer(String name) {
		this.name = name;
	}

	/** Returns the ID. */
	public String getId() {
		return this.id;
	}

	/** Returns the name. */
	public String getName() {
		return this.name;
	}

}
