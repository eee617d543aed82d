package io.github.timesortedid.compat.app;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A cascaded child with a key of its own. */
@Entity
public class PurchaseLine {

	@Id
	@TimeSortedId(prefix = "line")
	private String id;

	private String sku;

	private int quantity;

	protected PurchaseLine() {
	}

	public PurchaseLine(String sku, int quantity) {
		this.sku = sku;
		this.quantity = quantity;
	}

	public String getId() {
		return this.id;
	}

	public String getSku() {
		return this.sku;
	}

	public int getQuantity() {
		return this.quantity;
	}

}
