package io.github.timesortedid.sample;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link Session}, e.g. {@code sess_01m80...}; never holds another type's ID. */
@IdPrefix("sess")
public record SessionId(String value) implements TypedId {

	public SessionId {
		TypedIds.check(SessionId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
