package io.github.timesortedid.clinic.owner;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link Pet}, e.g. {@code pet_01ke6sjt80fz599xv8c51n3pyh}; never holds another type's ID. */
@IdPrefix("pet")
public record PetId(String value) implements TypedId {

	public PetId {
		TypedIds.check(PetId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
