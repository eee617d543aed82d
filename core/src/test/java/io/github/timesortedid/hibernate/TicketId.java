package io.github.timesortedid.hibernate;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

@IdPrefix("tkt")
public record TicketId(String value) implements TypedId {

	public TicketId {
		TypedIds.check(TicketId.class, value);
	}

}
