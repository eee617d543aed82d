package io.github.timesortedid.clinic.vet;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link Specialty}, e.g. {@code spec_01ke6jq301ea1v3mvn9vgxj302}; never holds another type's ID. */
@IdPrefix("spec")
public record SpecialtyId(String value) implements TypedId {

	public SpecialtyId {
		TypedIds.check(SpecialtyId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
