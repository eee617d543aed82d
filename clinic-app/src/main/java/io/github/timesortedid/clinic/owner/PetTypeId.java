package io.github.timesortedid.clinic.owner;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link PetType}, e.g. {@code type_01ke6jtr62epmrabt025tq05qs}; never holds another type's ID. */
@IdPrefix("type")
public record PetTypeId(String value) implements TypedId {

	public PetTypeId {
		TypedIds.check(PetTypeId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
