package io.github.timesortedid.jdbc.loans;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The ID of a branch of the library, stored as the bits of its body (a {@code uuid}). */
@IdPrefix("br")
public record BranchId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
