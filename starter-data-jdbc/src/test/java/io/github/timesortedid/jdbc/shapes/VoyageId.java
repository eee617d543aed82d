package io.github.timesortedid.jdbc.shapes;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The typed ID of a voyage, a record. */
@IdPrefix("voy")
public record VoyageId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
