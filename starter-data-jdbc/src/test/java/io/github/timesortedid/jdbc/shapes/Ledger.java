package io.github.timesortedid.jdbc.shapes;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Date;
import java.util.UUID;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate of values, each nullable: every {@code java.time} type with nanoseconds, a
 * {@code java.util.Date}, a decimal with a declared scale, {@code float} and {@code double}, an enum,
 * a {@code boolean}, bytes and a {@code UUID}; a {@code String} ID.
 */
@Table
public class Ledger {

	@Id
	@TimeSortedId(prefix = "ldg")
	String id;

	String title;

	Instant recordedAt;

	LocalDateTime dueAt;

	OffsetDateTime confirmedAt;

	LocalDate dueOn;

	LocalTime dueBy;

	Date postedAt;

	BigDecimal amount;

	Float weight;

	Double rate;

	Certainty certainty;

	Boolean archived;

	boolean audited;

	byte[] thumbnail;

	UUID correlation;

	/**
	 * A ledger of some values, the others null.
	 * @return the ledger
	 */
	public static Ledger of(String id, String title, BigDecimal amount, Instant recordedAt, LocalDateTime dueAt,
			LocalTime dueBy) {
		Ledger ledger = new Ledger();
		ledger.id = id;
		ledger.title = title;
		ledger.amount = amount;
		ledger.recordedAt = recordedAt;
		ledger.dueAt = dueAt;
		ledger.dueBy = dueBy;
		return ledger;
	}

	public String getId() {
		return this.id;
	}

	/** How sure a ledger's figures are. */
	public enum Certainty {

		/** May change. */
		PROVISIONAL,

		/** Will not change. */
		FINAL

	}

}
