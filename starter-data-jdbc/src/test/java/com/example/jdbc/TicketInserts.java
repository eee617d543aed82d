package com.example.jdbc;

import io.github.timesortedid.insert.AggregateInsertRepository;
import org.springframework.data.repository.Repository;

/** Retry-safe inserts of tickets, for a client that may send a create twice. */
public interface TicketInserts extends Repository<Ticket, TicketId>, AggregateInsertRepository<Ticket> {

}
