package io.github.timesortedid.jdbc.loans;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/** The ID of a loan, stored as its text. */
@IdPrefix("loan")
public record LoanId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
