package io.github.timesortedid.compat.app;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** A typed key: the prefix comes from {@link IdPrefix}. */
@IdPrefix("tkt")
public record TicketId(String value) implements TypedId {

	public TicketId {
		TypedIds.check(TicketId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
