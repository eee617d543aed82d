package io.github.timesortedid.benchmarks.datajdbc.minted;

import io.github.timesortedid.insert.AggregateInsertRepository;
import org.springframework.data.repository.ListCrudRepository;

/** {@code save()} and {@code saveAll()} of orders with {@code @TimeSortedId} keys, and the library's {@code insert()}. */
public interface MintedOrderRepository extends ListCrudRepository<MintedOrder, String>, AggregateInsertRepository<MintedOrder> {

}
