package io.github.timesortedid.clinic.vet;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link Vet}, e.g. {@code vet_01ke6jrxk1feass25x0e3x6xdy}; never holds another type's ID. */
@IdPrefix("vet")
public record VetId(String value) implements TypedId {

	public VetId {
		TypedIds.check(VetId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
