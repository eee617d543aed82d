package io.github.timesortedid.benchmarks.inserts;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/** A database-assigned {@code bigint} identity: Hibernate cannot batch these inserts. */
@Entity
public class IdentityRow extends BenchRow {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	public static IdentityRow create(long n) {
		return (IdentityRow) new IdentityRow().fill(n);
	}

}
