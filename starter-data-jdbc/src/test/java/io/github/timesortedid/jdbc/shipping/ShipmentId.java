package io.github.timesortedid.jdbc.shipping;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The typed ID of a shipment: 128 bits, a {@code uuid} column. */
@IdPrefix("ship")
public record ShipmentId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
