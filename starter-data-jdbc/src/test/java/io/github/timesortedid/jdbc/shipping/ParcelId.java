package io.github.timesortedid.jdbc.shipping;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The typed ID of a parcel: a KSUID of 160 bits, a {@code bytea} or {@code binary(20)} column. */
@IdPrefix("parcel")
public record ParcelId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
