package io.github.timesortedid.jdbc.rentals;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The ID of a rental. */
@IdPrefix("rnt")
public record RentalId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
