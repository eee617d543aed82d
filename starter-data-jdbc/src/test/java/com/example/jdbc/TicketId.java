package com.example.jdbc;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

// tag::typed-id[]
@IdPrefix("tkt")
public record TicketId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
// end::typed-id[]
