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

	/** How sure a ledger's figures are. */
	public enum Certainty {

		/** May change. */
		PROVISIONAL,

		/** Will not change. */
		FINAL

	}

}
