package io.github.timesortedid.jdbc.orders;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** A line of a {@link PurchaseOrder}: an entity inside the aggregate, with an ID of its own. */
public class OrderLine {

	@Id
	@TimeSortedId(prefix = "line")
	private String id;

	private String product;

	private int quantity;

	OrderLine() {
	}

	public OrderLine(String product, int quantity) {
		this.product = product;
		this.quantity = quantity;
	}

	public String getId() {
		return this.id;
	}

	public String getProduct() {
		return this.product;
	}

	public void setProduct(String product) {
		this.product = product;
	}

	public int getQuantity() {
		return this.quantity;
	}

	public void setQuantity(int quantity) {
		this.quantity = quantity;
	}

}
