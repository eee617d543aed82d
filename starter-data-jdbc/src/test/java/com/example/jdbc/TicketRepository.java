package com.example.jdbc;

import org.springframework.data.repository.ListCrudRepository;

public interface TicketRepository extends ListCrudRepository<Ticket, TicketId> {

}
