package io.github.timesortedid.jdbc.carhire;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;

/** A rental, which refers to its customer by an {@code AggregateReference}. */
public class Rental {

	@Id
	@TimeSortedId(prefix = "rnt")
	private String id;

	private AggregateReference<Customer, String> customer;

	Rental() {
	}

	public Rental(AggregateReference<Customer, String> customer) {
		this.customer = customer;
	}

	public String getId() {
		return this.id;
	}

	public AggregateReference<Customer, String> getCustomer() {
		return this.customer;
	}

}
