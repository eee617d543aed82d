package com.example.jdbc;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

// tag::typed-id[]
@IdPrefix("tkt")
public record TicketId(String value) implements TypedId {

	public TicketId {
		TypedIds.check(TicketId.class, value); // refuses another type's ID, from a request or a reference
	}

	@Override
	public String toString() {
		return this.value;
	}

}
// end::typed-id[]
