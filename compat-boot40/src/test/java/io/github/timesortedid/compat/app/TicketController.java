package io.github.timesortedid.compat.app;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** Typed IDs over HTTP: a path variable converted to a {@link TicketId}, and JSON in and out. */
@RestController
class TicketController {

	private final TicketRepository tickets;

	TicketController(TicketRepository tickets) {
		this.tickets = tickets;
	}

	@PostMapping("/tickets")
	TicketView create(@RequestBody NewTicket request) {
		Ticket ticket = this.tickets.save(new Ticket(request.subject()));
		return new TicketView(ticket.getId(), ticket.getSubject());
	}

	@GetMapping("/tickets/{id}")
	TicketView find(@PathVariable TicketId id) {
		return this.tickets.findById(id)
			.map((ticket) -> new TicketView(ticket.getId(), ticket.getSubject()))
			.orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
	}

	@PostMapping("/tickets/echo")
	TicketView echo(@RequestBody TicketView view) {
		return view;
	}

	record NewTicket(String subject) {
	}

	record TicketView(TicketId id, String subject) {
	}

}
