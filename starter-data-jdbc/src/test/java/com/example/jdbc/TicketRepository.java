package com.example.jdbc;

import org.springframework.data.repository.ListCrudRepository;

// tag::repository[]
public interface TicketRepository extends ListCrudRepository<Ticket, TicketId> {

}
// end::repository[]
