package io.github.timesortedid.sample;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link Account}, e.g. {@code acct_01m80...}; never holds another type's ID. */
@IdPrefix("acct")
public record AccountId(String value) implements TypedId {

	public AccountId {
		TypedIds.check(AccountId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
