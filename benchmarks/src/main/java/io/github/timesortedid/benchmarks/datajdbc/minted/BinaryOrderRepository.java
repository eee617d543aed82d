package io.github.timesortedid.benchmarks.datajdbc.minted;

import org.springframework.data.repository.ListCrudRepository;

/** {@code saveAll()} of orders whose {@code @TimeSortedId} typed IDs are stored as {@code uuid}. */
public interface BinaryOrderRepository extends ListCrudRepository<BinaryOrder, OrderId> {

}
