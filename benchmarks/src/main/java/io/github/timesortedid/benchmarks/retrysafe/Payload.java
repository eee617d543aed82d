package io.github.timesortedid.benchmarks.retrysafe;

import java.math.BigDecimal;
import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

/** The columns both entities share, so that only the key and the call differ between the cases. */
@MappedSuperclass
public abstract class Payload {

	@Column(length = 100, nullable = false)
	private String title;

	@Column(precision = 12, scale = 2, nullable = false)
	private BigDecimal amount;

	@Column(nullable = false)
	private Instant createdAt;

	/** Fills row {@code n}: the same values whatever the key. */
	void fill(long n) {
		this.title = "row number " + n;
		this.amount = BigDecimal.valueOf(n % 10_000_000_000L, 2);
		this.createdAt = Instant.ofEpochSecond(1_700_000_000L + n);
	}

	public String getTitle() {
		return this.title;
	}

	public BigDecimal getAmount() {
		return this.amount;
	}

	public Instant getCreatedAt() {
		return this.createdAt;
	}

}
