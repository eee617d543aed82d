package io.github.timesortedid.clinic.owner;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link Owner}, e.g. {@code owner_01ke6p4ym0e09rnn6zt1c0x5s2}; never holds another type's ID. */
@IdPrefix("owner")
public record OwnerId(String value) implements TypedId {

	public OwnerId {
		TypedIds.check(OwnerId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
