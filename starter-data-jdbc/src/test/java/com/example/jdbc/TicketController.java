package com.example.jdbc;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

@RestController
class TicketController {

	private final TicketRepository tickets;

	TicketController(TicketRepository tickets) {
		this.tickets = tickets;
	}

	// tag::controller[]
	@GetMapping("/tickets/{id}")
	Ticket ticket(@PathVariable TicketId id) {
		return this.tickets.findById(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
	}

	// end::controller[]
}
