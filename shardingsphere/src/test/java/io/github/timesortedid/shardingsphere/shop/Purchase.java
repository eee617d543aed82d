package io.github.timesortedid.shardingsphere.shop;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.MappedCollection;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A purchase, the sharded aggregate: table {@code purchase}, sharded by its ID ({@code pur_…}); its
 * lines in {@code purchase_line}, whose back reference {@code purchase_id} routes them to its shard.
 * Its customer may live on another shard: a reference by ID, without a constraint.
 */
// tag::aggregate[]
@Table
public class Purchase {

	@Id
	@TimeSortedId(prefix = "pur")
	private String id;

	@Column("customer_id")
	private AggregateReference<Customer, String> customer;

	private String status;

	// purchase_line.purchase_id is the back reference: the sharding column of the binding table
	@MappedCollection(idColumn = "purchase_id", keyColumn = "position")
	private List<PurchaseLine> lines = new ArrayList<>();
// end::aggregate[]

	Purchase() {
	}

	/** Creates a purchase; its ID and its lines' IDs are minted when it is saved. */
	public Purchase(Customer customer, String status) {
		this.customer = AggregateReference.to(customer.getId());
		this.status = status;
	}

	/** Adds a line, saved with the purchase. */
	public Purchase line(String product, int quantity) {
		this.lines.add(new PurchaseLine(product, quantity));
		return this;
	}

	/** Returns the ID. */
	public String getId() {
		return this.id;
	}

	/** Sets the ID: a replay of a request that named it. */
	public void setId(String id) {
		this.id = id;
	}

	/** Returns the customer's reference. */
	public AggregateReference<Customer, String> getCustomer() {
		return this.customer;
	}

	/** Returns the status. */
	public String getStatus() {
		return this.status;
	}

	/** Sets the status. */
	public void setStatus(String status) {
		this.status = status;
	}

	/** Returns the lines. */
	public List<PurchaseLine> getLines() {
		return this.lines;
	}

// tag::aggregate[]
}
// end::aggregate[]
