package io.github.timesortedid.jdbc.shapes;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The typed ID of a cargo, stored as the 128 bits of its body. */
@IdPrefix("cargo")
public record CargoId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
