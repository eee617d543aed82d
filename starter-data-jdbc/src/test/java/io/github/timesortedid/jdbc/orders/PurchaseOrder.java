package io.github.timesortedid.jdbc.orders;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A shop's order as a Spring Data JDBC aggregate: an embedded address, lines in order (entities with
 * IDs of their own), a set of tags, a map of attributes; a decimal, an instant, an enum.
 */
// tag::aggregate[]
@Table
public class PurchaseOrder {

	@Id
	@TimeSortedId(prefix = "ord")
	private String id;

	private String customer;

	@Embedded.Nullable(prefix = "ship_to_")
	private Address shipTo;

	private BigDecimal total;

	private Instant placedAt;

	private Status status;

	private List<OrderLine> lines = new ArrayList<>();

	private Set<OrderTag> tags = new LinkedHashSet<>();

	private Map<String, OrderAttribute> attributes = new LinkedHashMap<>();

	// end::aggregate[]

	PurchaseOrder() {
	}

	public PurchaseOrder(String customer, Address shipTo, BigDecimal total, Instant placedAt, Status status) {
		this.customer = customer;
		this.shipTo = shipTo;
		this.total = total;
		this.placedAt = placedAt;
		this.status = status;
	}

	public String getId() {
		return this.id;
	}

	public void setId(String id) {
		this.id = id;
	}

	public String getCustomer() {
		return this.customer;
	}

	public void setCustomer(String customer) {
		this.customer = customer;
	}

	public Address getShipTo() {
		return this.shipTo;
	}

	public void setShipTo(Address shipTo) {
		this.shipTo = shipTo;
	}

	public BigDecimal getTotal() {
		return this.total;
	}

	public void setTotal(BigDecimal total) {
		this.total = total;
	}

	public Instant getPlacedAt() {
		return this.placedAt;
	}

	public void setPlacedAt(Instant placedAt) {
		this.placedAt = placedAt;
	}

	public Status getStatus() {
		return this.status;
	}

	public void setStatus(Status status) {
		this.status = status;
	}

	public List<OrderLine> getLines() {
		return this.lines;
	}

	public Set<OrderTag> getTags() {
		return this.tags;
	}

	public Map<String, OrderAttribute> getAttributes() {
		return this.attributes;
	}

	/** Where an order goes: a value embedded in the order's row. */
	public record Address(String street, String city) {

	}

	/** An order's state. */
	public enum Status {

		/** Placed, not paid. */
		PLACED,

		/** Paid. */
		PAID,

		/** Shipped. */
		SHIPPED

	}

}
