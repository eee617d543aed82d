package io.github.timesortedid.jdbc.plain;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The ID of a card. */
@IdPrefix("card")
public record CardId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
