package com.example.jdbc;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An entity inside the {@link Ticket} aggregate; its prefix comes from application.yml. */
// tag::entity[]
public class TicketLine {

	@Id
	@TimeSortedId
	private String id;

	private String text;
// end::entity[]

	TicketLine() {
	}

	public TicketLine(String text) {
		this.text = text;
	}

	public String getId() {
		return this.id;
	}

	public String getText() {
		return this.text;
	}

}
