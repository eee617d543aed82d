package io.github.timesortedid.jdbc.kernel;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** A region's ID, which no aggregate of the depots makes (a value they keep), of the shared package. */
@IdPrefix("reg")
public record RegionId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
