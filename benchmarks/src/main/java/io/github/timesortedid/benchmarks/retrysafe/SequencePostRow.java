package io.github.timesortedid.benchmarks.retrysafe;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/**
 * The usual alternative: a database sequence, with Hibernate's defaults (sequence
 * {@code sequence_post_row_seq}, allocation size 50, pooled optimizer: one {@code nextval} per 50
 * rows), saved with {@code save()}.
 */
@Entity
public class SequencePostRow extends Payload {

	@Id
	@GeneratedValue(strategy = GenerationType.SEQUENCE)
	private Long id;

	public static SequencePostRow create(long n) {
		SequencePostRow row = new SequencePostRow();
		row.fill(n);
		return row;
	}

	public Long getId() {
		return this.id;
	}

}
