package io.github.timesortedid.clinic.owner;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link Visit}, e.g. {@code visit_01kgj3pv00f4n9ce3pphz9xgy9}; never holds another type's ID. */
@IdPrefix("visit")
public record VisitId(String value) implements TypedId {

	public VisitId {
		TypedIds.check(VisitId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
