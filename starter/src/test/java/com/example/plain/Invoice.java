package com.example.plain;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Invoice {

	@Id
	@TimeSortedId(prefix = "inv")
	private String id;

	private long cents;

	protected Invoice() {
	}

	public Invoice(long cents) {
		this.cents = cents;
	}

	public String getId() {
		return this.id;
	}

	public long getCents() {
		return this.cents;
	}

}
