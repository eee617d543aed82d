package io.github.timesortedid.jdbc.kernel;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** A bin's ID, an entity inside a depot, declared in a shared module's package, outside the application's. */
@IdPrefix("bin")
public record BinId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
