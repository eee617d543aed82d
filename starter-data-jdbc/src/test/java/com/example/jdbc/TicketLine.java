package com.example.jdbc;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An entity inside the {@link Ticket} aggregate. */
public class TicketLine {

	@Id
	@TimeSortedId(prefix = "line")
	private String id;

	private String text;

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
