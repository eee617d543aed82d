package io.github.timesortedid.benchmarks.inserts;

import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A random UUIDv4 string assigned by the application: the common choice, and B-tree unfriendly. */
@Entity
public class RandomUuidRow extends BenchRow {

	@Id
	@Column(length = 36)
	private String id = UUID.randomUUID().toString();

	public static RandomUuidRow create(long n) {
		return (RandomUuidRow) new RandomUuidRow().fill(n);
	}

}
