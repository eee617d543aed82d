package com.example.jdbc;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate root with a typed ID and a list of lines, entities with IDs of their own. */
// tag::aggregate[]
@Table
public class Ticket {

	@Id
	@TimeSortedId
	private TicketId id;

	private String title;

	private List<TicketLine> lines = new ArrayList<>();
// end::aggregate[]

	Ticket() {
	}

	public Ticket(String title, String... lines) {
		this.title = title;
		for (String line : lines) {
			this.lines.add(new TicketLine(line));
		}
	}

	public TicketId getId() {
		return this.id;
	}

	public String getTitle() {
		return this.title;
	}

	public List<TicketLine> getLines() {
		return this.lines;
	}

}
