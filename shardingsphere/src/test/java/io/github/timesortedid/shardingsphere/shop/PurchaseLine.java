package io.github.timesortedid.shardingsphere.shop;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** A line of a {@link Purchase}: an entity inside the aggregate, stored on its purchase's shard. */
// tag::line[]
public class PurchaseLine {

	@Id
	@TimeSortedId(prefix = "pline")
	private String id;

	private String product;

	private int quantity;
// end::line[]

	PurchaseLine() {
	}

	/** Creates a line; its ID is minted when its purchase is saved. */
	public PurchaseLine(String product, int quantity) {
		this.product = product;
		this.quantity = quantity;
	}

	/** Returns the ID. */
	public String getId() {
		return this.id;
	}

	/** Returns the product. */
	public String getProduct() {
		return this.product;
	}

	/** Returns the quantity. */
	public int getQuantity() {
		return this.quantity;
	}

	/** Sets the quantity. */
	public void setQuantity(int quantity) {
		this.quantity = quantity;
	}

// tag::line[]
}
// end::line[]
