package io.github.timesortedid.jdbc.kernel;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** A depot's ID, declared in a shared module's package, outside the application's. */
@IdPrefix("depot")
public record DepotId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
