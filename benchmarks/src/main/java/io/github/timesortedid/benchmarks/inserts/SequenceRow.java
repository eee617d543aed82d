package io.github.timesortedid.benchmarks.inserts;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;

/** A pooled sequence: one {@code nextval} per 50 rows, batched inserts. */
@Entity
public class SequenceRow extends BenchRow {

	@Id
	@GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sequence_row_seq")
	@SequenceGenerator(name = "sequence_row_seq", allocationSize = 50)
	private Long id;

	public static SequenceRow create(long n) {
		return (SequenceRow) new SequenceRow().fill(n);
	}

}
