package io.github.timesortedid.benchmarks.inserts;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

/** The same payload for every key strategy, so only the key differs between runs. */
@MappedSuperclass
public abstract class BenchRow {

	@Column(length = 100, nullable = false)
	private String title;

	private long amount;

	@Column(nullable = false)
	private Instant createdAt;

	protected BenchRow fill(long n) {
		this.title = "row number " + n;
		this.amount = n * 100;
		this.createdAt = Instant.ofEpochSecond(1_700_000_000L + n);
		return this;
	}

}
