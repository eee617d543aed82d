package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The typed ID of a {@link Visit}. */
@IdPrefix("visit")
public record VisitId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
