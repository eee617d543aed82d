package io.github.timesortedid.compat.app;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A typed key. */
@Entity
public class Ticket {

	@Id
	@TimeSortedId
	private TicketId id;

	private String subject;

	protected Ticket() {
	}

	public Ticket(String subject) {
		this.subject = subject;
	}

	public TicketId getId() {
		return this.id;
	}

	public String getSubject() {
		return this.subject;
	}

}
