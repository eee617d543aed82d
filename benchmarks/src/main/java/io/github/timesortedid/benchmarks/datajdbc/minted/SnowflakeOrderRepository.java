package io.github.timesortedid.benchmarks.datajdbc.minted;

import org.springframework.data.repository.ListCrudRepository;

/** {@code saveAll()} of orders with {@code @TimeSortedId(algorithm = "snowflake") Long} keys. */
public interface SnowflakeOrderRepository extends ListCrudRepository<SnowflakeOrder, Long> {

}
