package io.github.timesortedid.jdbc.rentals;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The ID of a customer that another service keeps: no attribute of this application makes it. */
@IdPrefix("cus")
public record CustomerId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
