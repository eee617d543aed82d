package io.github.timesortedid.compat.app;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.CascadeType;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToMany;
import jakarta.persistence.Version;

/**
 * An aggregate for retry-safe inserts, which walk Hibernate's mapping model: cascaded children with
 * keys of their own, an element collection, a version, a decimal the column rounds and an
 * {@code Instant.now()}.
 */
@Entity
public class Purchase {

	@Id
	@TimeSortedId(prefix = "pur")
	private String id;

	private String customer;

	private Instant placedAt = Instant.now();

	@Column(precision = 12, scale = 2)
	private BigDecimal total;

	@ElementCollection
	@CollectionTable(name = "purchase_tag")
	@Column(name = "tag")
	private List<String> tags = new ArrayList<>();

	@OneToMany(cascade = CascadeType.ALL, orphanRemoval = true)
	@JoinColumn(name = "purchase_id", nullable = false)
	private List<PurchaseLine> lines = new ArrayList<>();

	@Version
	private Long version;

	protected Purchase() {
	}

	public Purchase(String customer, BigDecimal total) {
		this.customer = customer;
		this.total = total;
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

	public BigDecimal getTotal() {
		return this.total;
	}

	public List<String> getTags() {
		return this.tags;
	}

	public List<PurchaseLine> getLines() {
		return this.lines;
	}

	public Long getVersion() {
		return this.version;
	}

}
