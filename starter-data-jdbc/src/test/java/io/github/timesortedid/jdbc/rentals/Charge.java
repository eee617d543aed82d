package io.github.timesortedid.jdbc.rentals;

import java.math.BigDecimal;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** A charge of a rental: an entity inside the aggregate with an ID of its own, held in a list. */
public class Charge {

	@Id
	@TimeSortedId(prefix = "chg")
	private String id;

	private BigDecimal amount;

	Charge() {
	}

	/**
	 * A new charge.
	 * @param amount the amount
	 */
	public Charge(BigDecimal amount) {
		this.amount = amount;
	}

	/**
	 * The charge's ID.
	 * @return the ID
	 */
	public String getId() {
		return this.id;
	}

	/**
	 * The amount.
	 * @return the amount
	 */
	public BigDecimal getAmount() {
		return this.amount;
	}

}
