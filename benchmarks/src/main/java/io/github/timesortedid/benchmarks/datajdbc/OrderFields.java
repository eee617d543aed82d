package io.github.timesortedid.benchmarks.datajdbc;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The columns both order aggregates share, and how order {@code n} is filled, so that only the key
 * and the call differ between the cases. Each order has two lines.
 */
public abstract class OrderFields {

	private String customer;

	private BigDecimal total;

	private Instant placedAt;

	/** Fills order {@code n}: the same values whatever the key. */
	protected void fill(long n) {
		this.customer = "customer " + (n % 1000);
		this.total = BigDecimal.valueOf(n % 10_000_000_000L, 2);
		this.placedAt = Instant.ofEpochSecond(1_700_000_000L + n);
	}

	/** The product of line {@code line} (0 or 1) of order {@code n}. */
	protected static String product(long n, int line) {
		return "product " + ((n + line) % 500);
	}

	/** The quantity of line {@code line} (0 or 1) of order {@code n}. */
	protected static int quantity(long n, int line) {
		return (int) (n % 7) + line + 1;
	}

	public String getCustomer() {
		return this.customer;
	}

	public BigDecimal getTotal() {
		return this.total;
	}

	public Instant getPlacedAt() {
		return this.placedAt;
	}

}
